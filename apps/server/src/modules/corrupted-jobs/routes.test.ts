import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JOB_TYPES, type CorruptedJob } from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let serialNumber: string;
beforeAll(async () => {
  server = await startTestServer();
  const [device] = await server.database.db
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(eq(series.deviceStatus, 'A'))
    .limit(1);
  serialNumber = device!.serialNumber;
});
afterAll(async () => server?.close());

const report = () => ({
  workflow: 'BATTERY-TEST',
  jobType: 0,
  jobStatus: 0,
  beginDate: new Date(Date.now() - 60_000).toISOString(),
  user: 'a.martin',
  data: { BAC: 'A1B2C3D4E5F6', VOLTAGE: 12.1 },
  result: { validCal: 1, validChk: 1, gresst: 1 },
});

async function kept(): Promise<CorruptedJob[]> {
  const answer = await server.call(
    'support-user',
    'GET',
    `/api/CorruptedJobs?SerialNumber=${serialNumber}&Status=open&PageSize=100`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().corruptedJobs;
}

describe('corrupted jobs', () => {
  it('keeps a job a device sent that was refused, with why and its payload, and still answers 400', async () => {
    const before = (await kept()).length;
    const broken = { ...report(), jobStatus: 99 };
    const refused = await server.asDevice(serialNumber, { url: '/api/devices/jobs', payload: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('body.jobStatus');
    const future = { ...report(), beginDate: new Date(Date.now() + 86_400_000).toISOString() };
    const early = await server.asDevice(serialNumber, { url: '/api/devices/jobs', payload: future });
    expect(early.statusCode).toBe(400);

    const list = await kept();
    expect(list).toHaveLength(before + 2);
    expect(list[1]).toMatchObject({ serialNumber, status: 'open', reason: [{ field: 'body.jobStatus' }] });
    expect(JSON.parse(list[1]!.payload)).toEqual(broken);
    expect(list[0]!.reason).toEqual([
      { field: 'body.beginDate', message: "is later than the server's time", rule: { kind: 'invalid' } },
    ]);
  });

  it('keeps a body cut off in transit, and a job of a type a newer firmware knows, as corrupted jobs', async () => {
    const before = (await kept()).length;
    const whole = JSON.stringify(report());
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    const truncated = await server.asDevice(serialNumber, {
      url: '/api/devices/jobs',
      payload: cut,
      headers: { 'content-type': 'application/json' },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().details[0]).toMatchObject({ field: 'body', rule: { kind: 'format' } });
    const newer = { ...report(), jobType: JOB_TYPES.length };
    const unknown = await server.asDevice(serialNumber, { url: '/api/devices/jobs', payload: newer });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('body.jobType');

    const list = await kept();
    expect(list).toHaveLength(before + 2);
    expect(list[1]).toMatchObject({ payload: cut, reason: [{ field: 'body' }] });
    expect(list[0]).toMatchObject({ reason: [{ field: 'body.jobType' }] });
    expect(JSON.parse(list[0]!.payload)).toEqual(newer);
    // Put back as they were for the next test, which reprocesses the two kept before.
    for (const job of list.slice(0, 2))
      expect(
        (await server.call('support-user', 'POST', `/api/CorruptedJobs/${job.id}/discard`)).statusCode,
      ).toBe(200);
  });

  it('keeps a job sent twice once, answering the second time with the same id', async () => {
    const job = report();
    const first = await server.asDevice(serialNumber, { url: '/api/devices/jobs', payload: job });
    expect(first.statusCode, first.body).toBe(201);
    const again = await server.asDevice(serialNumber, { url: '/api/devices/jobs', payload: job });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const changed = await server.asDevice(serialNumber, {
      url: '/api/devices/jobs',
      payload: { ...job, data: { ...job.data, VOLTAGE: 12.2 } },
    });
    expect(changed.statusCode).toBe(201);
    expect(changed.json().id).not.toBe(first.json().id);

    // Two copies arriving together (a device retrying while its first send is still being taken).
    const twice = { ...report(), beginDate: new Date(Date.now() - 30_000).toISOString() };
    const both = await Promise.all(
      [1, 2].map(() => server.asDevice(serialNumber, { url: '/api/devices/jobs', payload: twice })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().id).toBe(both[1]!.json().id);
  });

  it('reprocesses a fixed payload into a job, refusing one still wrong, and discards another', async () => {
    const [future, broken] = await kept();
    const stillWrong = await server.call(
      'support-user',
      'POST',
      `/api/CorruptedJobs/${broken!.id}/reprocess`,
      {
        payload: JSON.stringify({ ...JSON.parse(broken!.payload), jobStatus: 42 }),
      },
    );
    expect(stillWrong.statusCode).toBe(400);
    expect(stillWrong.json().details[0].field).toBe('body.jobStatus');
    const notJson = await server.call('support-user', 'POST', `/api/CorruptedJobs/${broken!.id}/reprocess`, {
      payload: '{oops',
    });
    expect(notJson.json().details[0].field).toBe('body');

    const fixed = await server.call('support-user', 'POST', `/api/CorruptedJobs/${broken!.id}/reprocess`, {
      payload: JSON.stringify({ ...JSON.parse(broken!.payload), jobStatus: 1 }),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'reprocessed', resolvedBy: 'Support user (demo)' });
    const job = await server.call('support-user', 'GET', `/api/Jobs/${fixed.json().jobId}`);
    expect(job.json()).toMatchObject({ serialNumber, jobStatus: 1, workflow: 'BATTERY-TEST' });
    expect(
      (await server.call('support-user', 'POST', `/api/CorruptedJobs/${broken!.id}/discard`)).statusCode,
    ).toBe(409);

    const discarded = await server.call('devops-user', 'POST', `/api/CorruptedJobs/${future!.id}/discard`);
    expect(discarded.json()).toMatchObject({ status: 'discarded', jobId: null });
    const log = await server.call('administrator', 'GET', '/api/AuditLog?SubjectType=corrupted-job');
    expect(
      log
        .json()
        .data.map((entry: { action: string }) => entry.action)
        .slice(0, 2),
    ).toEqual(['corrupted-job.discard', 'corrupted-job.reprocess']);
    expect((await server.call('customer-engineering-manager', 'GET', '/api/CorruptedJobs')).statusCode).toBe(
      403,
    );
  });
});
