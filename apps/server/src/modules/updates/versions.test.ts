import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  deviceTypeDetailSchema,
  updateOffersAnswerSchema,
  versionContentSchema,
  versionSchema,
} from '@fleet/contract';
import { series, updateHistory } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { firmwareZip, multipartBody, uploadVersionAs } from '../../../test/uploads.ts';

const LIMIT = 72 * 1024 * 1024;
let server: TestServer;
let type: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(
  user: string,
  fields: Record<string, string>,
  bytes: Buffer | null,
  name = 'package.zip',
  deviceType = type,
) {
  return uploadVersionAs(server, user, deviceType, fields, bytes ? { name, bytes } : null);
}

/** An activated device of the type with early access as asked, and its current software version. */
async function deviceOf(earlyAccess: boolean) {
  const [device] = await server.database.db
    .select({ serialNumber: series.serialNumber, currentVersion: series.currentVersion })
    .from(series)
    .where(
      and(eq(series.deviceType, type), eq(series.deviceStatus, 'A'), eq(series.earlyAccess, earlyAccess)),
    )
    .limit(1);
  return device!;
}

beforeAll(async () => {
  server = await startTestServer({ VERSION_FILE_LIMIT: String(LIMIT) });
  const [first] = await server.database.db
    .select({ type: series.deviceType, n: count() })
    .from(series)
    .groupBy(series.deviceType)
    .orderBy(series.deviceType)
    .limit(1);
  type = first!.type;
});
afterAll(async () => server?.close());

describe('uploading versions', () => {
  it('stores the file, computes its SHA-256, lists its content and counts the devices running it', async () => {
    const bytes = await firmwareZip('5.12.3', {
      'release-notes.txt': 'Faster sensor relearn',
      'image.bin': Buffer.alloc(5000, 7),
    });
    const answer = await upload(
      'devops-manager',
      { number: '5.12.3', kind: 'software', notes: 'Relearn' },
      bytes,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const version = versionSchema.parse(answer.json());
    expect(version).toMatchObject({
      number: '5.12.3',
      kind: 'software',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(version.uploadedBy).toBeTruthy();
    const [running] = await server.database.db
      .select({ n: count() })
      .from(series)
      .where(and(eq(series.deviceType, type), eq(series.currentVersion, '5.12.3')));
    expect(version.devices).toBe(running!.n);

    const detail = deviceTypeDetailSchema.parse(
      (await server.call('support-user', 'GET', `/api/Updates/DeviceTypes/${type}`)).json(),
    );
    expect(detail.versions.map((v) => v.number)).toContain('5.12.3');

    const content = versionContentSchema.parse(
      (
        await server.call('support-user', 'GET', `/api/Updates/DeviceTypes/${type}/versions/5.12.3/content`)
      ).json(),
    );
    expect(content.archive).toBe(true);
    expect(content.entries.map((entry) => [entry.name, entry.size])).toEqual([
      ['manifest.json', JSON.stringify({ version: '5.12.3' }).length],
      ['release-notes.txt', 21],
      ['image.bin', 5000],
    ]);
    expect(content.entries[2]!.compressedSize).toBeLessThan(5000);
  });

  it('hands out a signed link that serves the very bytes, and refuses a forged one', async () => {
    const bytes = Buffer.from('raw firmware image');
    expect(
      (await upload('administrator', { number: '5.13.0', kind: 'software' }, bytes, 'fw.bin')).statusCode,
    ).toBe(201);
    const link = await server.call(
      'support-user',
      'GET',
      `/api/Updates/DeviceTypes/${type}/versions/5.13.0/specified-download-link`,
    );
    expect(link.statusCode, link.body).toBe(200);
    const { mediaLink, sha256: sum } = link.json() as { mediaLink: string; sha256: string };
    expect(sum).toBe(sha256(bytes));
    const file = await server.app.inject({ url: mediaLink });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(
      (await server.app.inject({ url: mediaLink.replace(/signature=[^&]+/, 'signature=forged') })).statusCode,
    ).toBe(404);
    const content = versionContentSchema.parse(
      (
        await server.call('support-user', 'GET', `/api/Updates/DeviceTypes/${type}/versions/5.13.0/content`)
      ).json(),
    );
    expect(content).toMatchObject({ archive: false, entries: [], size: bytes.length });
  });

  it('refuses a duplicate number, an empty or oversized file, a missing file and bad fields, naming each', async () => {
    const cases: [Record<string, string>, Buffer | null, string][] = [
      [{ number: '5.12.3', kind: 'software' }, Buffer.from('x'), 'body.number'],
      [{ number: '7.0.0', kind: 'software' }, Buffer.alloc(0), 'body.file'],
      [{ number: '7.0.0', kind: 'software' }, null, 'body.file'],
      [{ number: 'seven', kind: 'software' }, Buffer.from('x'), 'body.number'],
      [{ number: '7.0.0', kind: 'firmware' }, Buffer.from('x'), 'body.kind'],
      [{ number: '7.0.0', kind: 'software' }, Buffer.alloc(LIMIT + 1), 'body.file'],
    ];
    for (const [fields, bytes, field] of cases) {
      const answer = await upload('devops-manager', fields, bytes);
      expect(answer.statusCode, `${JSON.stringify(fields)}: ${answer.body}`).toBe(400);
      expect(answer.body).toContain(field);
    }
    const detail = deviceTypeDetailSchema.parse(
      (await server.call('support-user', 'GET', `/api/Updates/DeviceTypes/${type}`)).json(),
    );
    expect(detail.versions.map((v) => v.number)).not.toContain('7.0.0');
    const notMultipart = await server.call(
      'devops-manager',
      'POST',
      `/api/Updates/DeviceTypes/${type}/versions`,
      {
        number: '7.0.0',
      },
    );
    expect(notMultipart.statusCode).toBe(400);
    expect(
      (
        await upload(
          'devops-manager',
          { number: '7.0.0', kind: 'software' },
          Buffer.from('x'),
          'a.bin',
          'NO-SUCH-TYPE',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('streams a file of tens of megabytes to storage without holding it in memory', async () => {
    const size = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x5a);
    const hash = createHash('sha256');
    for (let sent = 0; sent < size; sent += chunk.length) hash.update(chunk);
    const { payload: head, headers } = multipartBody({ number: '8.0.0', kind: 'software' });
    // The fields, then the file's part streamed chunk by chunk, then the closing boundary.
    const boundary = headers['content-type']!.split('boundary=')[1]!;
    const opening = head.subarray(0, head.length - `--${boundary}--\r\n`.length);
    async function* body() {
      yield opening;
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    // What stays alive, garbage collected first: chunks read and dropped do not count, a file held does.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const now = process.memoryUsage();
      return now.heapUsed + now.arrayBuffers;
    };
    const before = live();
    let peak = 0;
    // Each sample collects garbage in full, which takes longer the busier the machine: the next waits twice
    // as long as the last took, so that sampling never starves the upload it measures.
    let sampler: NodeJS.Timeout | undefined;
    const sample = () => {
      const started = performance.now();
      peak = Math.max(peak, live() - before);
      sampler = setTimeout(sample, Math.max(50, 2 * (performance.now() - started)));
    };
    sampler = setTimeout(sample, 50);
    const response = await fetch(`${server.baseUrl}/api/Updates/DeviceTypes/${type}/versions`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor('devops-manager')}` },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    clearTimeout(sampler);
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(JSON.parse(text)).toMatchObject({ size, sha256: hash.digest('hex') });
    // Held whole, the file alone would add 64 MB. Streamed, what is alive is the chunks in flight between the
    // client, the socket and the storage writer: between 3 and 20 MB over runs here. Half the file still tells
    // streaming from holding.
    expect(peak).toBeLessThan(32 * 1024 * 1024);
  });

  it('lets only administrators and the devops manager upload, delete and change availability', async () => {
    for (const role of ['devops-user', 'support-manager', 'customer-engineering-manager'])
      expect(
        (await upload(role, { number: '9.0.0', kind: 'software' }, Buffer.from('x'))).statusCode,
        role,
      ).toBe(403);
    for (const [method, url] of [
      ['DELETE', `/api/Updates/DeviceTypes/${type}/versions/5.13.0`],
      ['PUT', `/api/Updates/DeviceTypes/${type}/versions/5.13.0/availability`],
    ] as const)
      expect((await server.call('devops-user', method, url, { availability: 'early' })).statusCode).toBe(403);
    expect(
      (
        await server.call(
          'customer-engineering-manager',
          'GET',
          `/api/Updates/DeviceTypes/${type}/versions/5.13.0/content`,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('early access and deletion', () => {
  it('offers an early version to early-access devices only, and nothing once withdrawn', async () => {
    const early = await deviceOf(true);
    const other = await deviceOf(false);
    expect(
      (
        await upload(
          'devops-manager',
          { number: '9.1.0-beta.1', kind: 'software', availability: 'early' },
          Buffer.from('beta'),
        )
      ).statusCode,
    ).toBe(201);
    const offers = async (serialNumber: string) =>
      updateOffersAnswerSchema.parse(
        (await server.asDevice(serialNumber, { method: 'GET', url: '/api/devices/updates' })).json(),
      ).offers;
    const offered = await offers(early.serialNumber);
    expect(offered.map((offer) => [offer.version, offer.rolloutId])).toEqual([['9.1.0-beta.1', null]]);
    expect(offered[0]!.sha256).toBe(sha256(Buffer.from('beta')));
    expect(await offers(other.serialNumber)).toEqual([]);
    const withdrawn = await server.call(
      'devops-manager',
      'PUT',
      `/api/Updates/DeviceTypes/${type}/versions/9.1.0-beta.1/availability`,
      {
        availability: 'withdrawn',
      },
    );
    expect(withdrawn.json()).toMatchObject({ availability: 'withdrawn' });
    expect(await offers(early.serialNumber)).toEqual([]);
  });

  it('keeps one history entry per update attempt, moves the device on success, and refuses deletion while it runs', async () => {
    const device = await deviceOf(false);
    expect(
      (await upload('devops-manager', { number: '9.2.0', kind: 'software' }, Buffer.from('nine'))).statusCode,
    ).toBe(201);
    const report = (body: object) =>
      server.asDevice(device.serialNumber, { url: '/api/devices/updates', payload: body });
    expect((await report({ kind: 'software', version: '9.2.0', state: 'started' })).statusCode).toBe(204);
    expect(
      (await report({ kind: 'software', version: '9.2.0', state: 'progress', percent: 50 })).statusCode,
    ).toBe(204);
    const refused = await server.call(
      'devops-manager',
      'DELETE',
      `/api/Updates/DeviceTypes/${type}/versions/9.2.0`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('being updated');
    expect((await report({ kind: 'database', version: '9.2.0', state: 'progress' })).statusCode).toBe(400);
    expect((await report({ kind: 'software', version: '9.2.0', state: 'succeeded' })).statusCode).toBe(204);
    const history = await server.database.db
      .select()
      .from(updateHistory)
      .innerJoin(series, eq(series.id, updateHistory.seriesId))
      .where(and(eq(series.serialNumber, device.serialNumber), eq(updateHistory.toVersion, '9.2.0')));
    expect(
      history.map((row) => [
        row.update_history.state,
        row.update_history.percent,
        row.update_history.fromVersion,
      ]),
    ).toEqual([['succeeded', 100, device.currentVersion]]);
    expect(history[0]!.series.currentVersion).toBe('9.2.0');
    const last = await server.call('support-user', 'POST', '/api/Updates/DevicesLastUpdate', {
      serialNumbers: [device.serialNumber],
    });
    expect(last.json()).toEqual([
      {
        serialNumber: device.serialNumber,
        lastUpdate: expect.objectContaining({ toVersion: '9.2.0', state: 'succeeded' }),
      },
    ]);

    const link = (
      await server.call(
        'support-user',
        'GET',
        `/api/Updates/DeviceTypes/${type}/versions/9.2.0/specified-download-link`,
      )
    ).json();
    expect(
      (await server.call('devops-manager', 'DELETE', `/api/Updates/DeviceTypes/${type}/versions/9.2.0`))
        .statusCode,
    ).toBe(204);
    expect((await server.app.inject({ url: link.mediaLink })).statusCode).toBe(404);
    expect(
      (await server.call('devops-manager', 'DELETE', `/api/Updates/DeviceTypes/${type}/versions/9.2.0`))
        .statusCode,
    ).toBe(404);
  });
});
