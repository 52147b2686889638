import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  DEFAULT_JOB_LAYOUT,
  EDITABLE_JOB_TAGS,
  jobDetailAnswerSchema,
  jobGraphListAnswerSchema,
  jobGraphSchema,
  jobPictureListAnswerSchema,
  jobSchema,
  jobTemplateListAnswerSchema,
  jobTemplateSchema,
} from '@fleet/contract';
import { encodePng } from '@fleet/device-kit/png';
import { archivedJobs, jobs, series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let customerCompanyId: string;
/** A live job of the demo customer's and one of another company, with their devices. */
let own: { id: string; serialNumber: string };
let foreign: { id: string; serialNumber: string };

async function liveJob(where: ReturnType<typeof eq>) {
  const [row] = await server.database.db
    .select({ id: jobs.id, serialNumber: series.serialNumber })
    .from(jobs)
    .innerJoin(series, eq(series.id, jobs.seriesId))
    .where(and(where, eq(jobs.synthetic, false), eq(jobs.companyId, series.companyId)))
    .orderBy(desc(jobs.id))
    .limit(1);
  return { id: String(row!.id), serialNumber: row!.serialNumber };
}

beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
  own = await liveJob(eq(jobs.companyId, customerCompanyId));
  foreign = await liveJob(and(isNotNull(jobs.companyId), ne(jobs.companyId, customerCompanyId))!);
});
afterAll(async () => server?.close());

const json = (response: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

describe('job detail and edits', () => {
  it('answers the job with its counts, and 404 for a job outside the user’s company', async () => {
    const detail = jobDetailAnswerSchema.parse(
      json(await server.call('customer-engineering-user', 'GET', `/api/Jobs/JobDetail/${own.id}`)),
    ).data;
    expect(detail).toMatchObject({ archived: false, job: { id: own.id } });
    const answers = await Promise.all(
      [
        `/api/Jobs/JobDetail/${foreign.id}`,
        `/api/Jobs/${foreign.id}/Graphs`,
        `/api/jobs/${foreign.id}/pictures`,
        `/api/jobs/${foreign.id}/pictures/1`,
      ].map((url) => server.call('customer-engineering-user', 'GET', url)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await server.call('administrator', 'GET', '/api/Jobs/JobDetail/abc')).statusCode).toBe(404);
  });

  it('lists the editable tags', async () => {
    expect(json(await server.call('customer-warranty-user', 'GET', '/api/Jobs/EditableTags'))).toEqual(
      EDITABLE_JOB_TAGS,
    );
  });

  it('changes editable tags only, and records who changed what', async () => {
    const url = `/api/Jobs/${own.id}`;
    const before = jobSchema.parse(json(await server.call('support-user', 'GET', url)));
    const edited = jobSchema.parse(
      json(
        await server.call('support-user', 'PATCH', url, {
          data: { RO: ' RO-424242 ', VIN: 'wvwzzz1kzaw000042', NOTE: 'Rim scratched' },
        }),
      ),
    );
    expect(edited.data).toMatchObject({
      RO: 'RO-424242',
      VIN: 'WVWZZZ1KZAW000042',
      NOTE: 'Rim scratched',
      JID: before.data.JID,
    });
    // The filter columns follow the edited tag.
    const found = await server.call(
      'support-user',
      'GET',
      '/api/Jobs?VIN=WVWZZZ1KZAW000042&FilterOnBeginDate=2000-01-01&BeginDateOperator=since',
    );
    expect((json(found) as { data: { id: string }[] }).data.map((job) => job.id)).toEqual([own.id]);

    const removed = jobSchema.parse(
      json(await server.call('support-user', 'PATCH', url, { data: { NOTE: null, RO: '' } })),
    );
    expect(removed.data).not.toHaveProperty('NOTE');
    expect(removed.data).not.toHaveProperty('RO');

    const detail = jobDetailAnswerSchema.parse(
      json(await server.call('administrator', 'GET', `/api/Jobs/JobDetail/${own.id}`)),
    ).data;
    expect(detail.edits).toHaveLength(2);
    expect(detail.edits[0]).toMatchObject({
      by: expect.any(String),
      changes: { NOTE: { from: 'Rim scratched', to: null }, RO: { from: 'RO-424242', to: null } },
    });
    expect(detail.edits[1]!.changes.RO).toEqual({ from: before.data.RO ?? null, to: 'RO-424242' });
  });

  it('refuses other tags, bad values, users without the feature and archived jobs', async () => {
    const url = `/api/Jobs/${own.id}`;
    const jid = await server.call('support-user', 'PATCH', url, { data: { JID: 'x' } });
    expect(jid.statusCode).toBe(400);
    expect(jid.body).toContain('JID');
    const vin = await server.call('support-user', 'PATCH', url, { data: { VIN: 'SHORT' } });
    expect(vin.statusCode).toBe(400);
    expect(vin.body).toContain('17');
    expect((await server.call('support-user', 'PATCH', url, { data: {} })).statusCode).toBe(400);
    expect(
      (await server.call('customer-engineering-manager', 'PATCH', url, { data: { RO: 'x' } })).statusCode,
    ).toBe(403);
    const [archived] = await server.database.db.select({ id: archivedJobs.id }).from(archivedJobs).limit(1);
    const answer = await server.call('administrator', 'PATCH', `/api/Jobs/${archived!.id}`, {
      data: { RO: 'x' },
    });
    expect(answer.statusCode).toBe(409);
  });
});

describe('report layouts', () => {
  const layout = { version: 1, data: DEFAULT_JOB_LAYOUT.data.slice(0, 2) };

  it('creates, refuses a name in use, updates by id and deletes', async () => {
    expect(
      jobTemplateListAnswerSchema.parse(json(await server.call('support-user', 'GET', '/api/Jobs/template')))
        .data,
    ).toEqual([]);
    const created = jobTemplateSchema.parse(
      json(await server.call('administrator', 'POST', '/api/Jobs/template/Workshop', layout)),
    );
    expect(created).toMatchObject({ name: 'Workshop', version: 1, data: layout.data });
    const again = await server.call('administrator', 'POST', '/api/Jobs/template/workshop', layout);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Workshop is an already existing template' });
    const updated = jobTemplateSchema.parse(
      json(
        await server.call('administrator', 'POST', '/api/Jobs/template/Workshop', {
          ...DEFAULT_JOB_LAYOUT,
          id: created.id,
        }),
      ),
    );
    expect(updated.data).toHaveLength(DEFAULT_JOB_LAYOUT.data.length);
    expect(
      json(await server.call('customer-warranty-user', 'GET', '/api/Jobs/template/WORKSHOP')),
    ).toMatchObject({ id: created.id });
    expect((await server.call('administrator', 'DELETE', '/api/Jobs/template/Workshop')).statusCode).toBe(
      204,
    );
    expect((await server.call('administrator', 'GET', '/api/Jobs/template/Workshop')).statusCode).toBe(404);
    expect((await server.call('administrator', 'DELETE', '/api/Jobs/template/Workshop')).statusCode).toBe(
      404,
    );
  });

  it('refuses an empty name and an invalid layout with the import rules, and users without the feature', async () => {
    const empty = await server.call('administrator', 'POST', '/api/Jobs/template/%20', layout);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: "The name field can't be empty" });
    const broken = await server.call('administrator', 'POST', '/api/Jobs/template/Broken', {
      version: 1,
      data: [
        {
          type: 'section',
          title: 'vehicle',
          show_title: true,
          render: [[{ tag: 'VIN' }, { tag: 'ENGINE' }]],
        },
      ],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      message: 'Section 0, line 0, tag 1: is not a supported tag (ENGINE)',
      details: [{ field: 'body.data.0.render.0.1' }],
    });
    const version = await server.call('administrator', 'POST', '/api/Jobs/template/Broken', {
      version: 2,
      data: [],
    });
    expect(version.json()).toMatchObject({ message: 'Invalid template!' });
    expect((await server.call('support-manager', 'POST', '/api/Jobs/template/Mine', layout)).statusCode).toBe(
      403,
    );
    expect((await server.call('support-manager', 'DELETE', '/api/Jobs/template/Mine')).statusCode).toBe(403);
  });
});

describe('graphs and pictures from the device', () => {
  const rows = Array.from(
    { length: 2001 },
    (_, i) =>
      `${(i / 100).toFixed(2)},${(Math.sin(i / 50) * 10).toFixed(3)},${i % 3 === 0 ? '' : (i / 7).toFixed(2)}`,
  );
  const csv = ['Seconds,Torque (Nm),Angle (deg)', ...rows].join('\n');

  it('stores a graph file and answers its curves, gzipped when asked', async () => {
    const upload = await server.asDevice(own.serialNumber, {
      url: `/api/devices/jobs/${own.id}/graphs?fileName=TORQUE_1.csv`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    const summary = json(upload, 201) as { id: string; pointCount: number };
    expect(summary.pointCount).toBe(2001 + 1334);
    const list = jobGraphListAnswerSchema.parse(
      json(await server.call('customer-engineering-user', 'GET', `/api/Jobs/${own.id}/Graphs`)),
    );
    expect(list.data.map((graph) => graph.graphFileName)).toContain('TORQUE_1.csv');
    const plain = jobGraphSchema.parse(
      json(await server.call('customer-engineering-user', 'GET', `/api/Jobs/Graphs/${summary.id}`)),
    );
    expect(plain.curves.map((curve) => curve.curveName)).toEqual(['Torque (Nm)', 'Angle (deg)']);
    expect(plain.curves[0]!.pointsData.X.slice(0, 3)).toEqual([0, 0.01, 0.02]);
    expect(plain.curves[0]!.pointsData.Y[100]).toBe(Number((Math.sin(2) * 10).toFixed(3)));
    expect(plain.curves[1]!.pointsData.X).toHaveLength(1334);
    const zipped = await server.app.inject({
      url: `/api/Jobs/Graphs/${summary.id}`,
      headers: {
        authorization: `Bearer ${await server.tokenFor('administrator')}`,
        'accept-encoding': 'gzip',
      },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain);
    expect(
      (await server.call('customer-engineering-user', 'GET', `/api/Jobs/Graphs/999999999`)).statusCode,
    ).toBe(404);
  });

  it('refuses a broken graph file with its line, and another device’s job', async () => {
    const broken = await server.asDevice(own.serialNumber, {
      url: `/api/devices/jobs/${own.id}/graphs?fileName=BAD.csv`,
      payload: 'X,A\n0,1\n0.1,oops\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'body: line 3, column 2: not a number' });
    const stranger = await server.asDevice(foreign.serialNumber, {
      url: `/api/devices/jobs/${own.id}/graphs?fileName=X.csv`,
      payload: 'X,A\n0,1\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('stores pictures with metadata, then pages, sorts and searches them', async () => {
    const png = encodePng(2, 2, new Uint8Array(12).fill(200));
    for (const [name, camera] of [
      ['wheel_FR.png', 'front right'],
      ['wheel_FL.png', 'front left'],
      ['plate.png', 'rear'],
    ] as const) {
      const answer = await server.asDevice(own.serialNumber, {
        url: `/api/devices/jobs/${own.id}/pictures?fileName=${name}`,
        payload: png,
        headers: {
          'content-type': 'image/png',
          'x-picture-metadata': JSON.stringify({ Camera: camera, Width: 2 }),
        },
      });
      json(answer, 201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const page = (query: string) =>
      server
        .call('customer-engineering-user', 'GET', `/api/jobs/${own.id}/pictures?${query}`)
        .then((answer) => jobPictureListAnswerSchema.parse(json(answer)));
    const byName = await page('');
    expect(byName.data.map((picture) => picture.filename)).toEqual([
      'plate.png',
      'wheel_FL.png',
      'wheel_FR.png',
    ]);
    expect(byName.data[0]!.metadata).toEqual({ Camera: 'rear', Width: '2' });
    expect(byName.totalCount).toBe(3);
    const newest = await page('SortColumnName=PostedDate&SortOrder=DESC&PageSize=10');
    expect(newest.data.map((picture) => picture.filename)).toEqual([
      'plate.png',
      'wheel_FL.png',
      'wheel_FR.png',
    ]);
    const front = await page('Search=FRONT');
    expect(front.data.map((picture) => picture.filename)).toEqual(['wheel_FL.png', 'wheel_FR.png']);
    expect(front.totalCount).toBe(2);
    expect((await page('PageSize=10&PageNumber=2')).data).toEqual([]);
    const image = await server.app.inject({ url: byName.data[0]!.mediaLink });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    const one = await server.call(
      'customer-engineering-user',
      'GET',
      `/api/jobs/${own.id}/pictures/${byName.data[0]!.id}`,
    );
    expect(json(one)).toMatchObject({ filename: 'plate.png' });
    expect(
      (await server.call('customer-engineering-user', 'GET', `/api/jobs/${own.id}/pictures?PageSize=7`))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a picture that is not an image, and bad metadata', async () => {
    const url = `/api/devices/jobs/${own.id}/pictures?fileName=x.png`;
    const text = await server.asDevice(own.serialNumber, {
      url,
      payload: Buffer.from('not an image'),
      headers: { 'content-type': 'image/png' },
    });
    expect(text.statusCode).toBe(400);
    const metadata = await server.asDevice(own.serialNumber, {
      url,
      payload: encodePng(1, 1, new Uint8Array(3)),
      headers: { 'content-type': 'image/png', 'x-picture-metadata': '[1]' },
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.body).toContain('x-picture-metadata');
  });
});
