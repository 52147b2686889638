import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { decodeWarrantyCode, encodeWarrantyCode } from '@fleet/contract';
import { archivedJobs, jobs, series } from '../../db/schema.ts';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { taskFile } from '../../../test/tasks.ts';
import { multipartBody } from '../../../test/uploads.ts';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function jobWithCode(inCustomer: boolean) {
  for (const table of [jobs, archivedJobs]) {
    const [row] = await server.database.db
      .select({ id: table.id, code: table.warrantyCode, bac: table.bac, serialNumber: series.serialNumber })
      .from(table)
      .innerJoin(series, eq(series.id, table.seriesId))
      .where(
        and(
          isNotNull(table.warrantyCode),
          inCustomer ? eq(table.companyId, customerCompanyId) : ne(table.companyId, customerCompanyId),
        ),
      )
      .limit(1);
    if (row) return { ...row, archived: table === archivedJobs };
  }
  throw new Error('the demo fleet has no job with a warranty code');
}

/** A claim on a job of the demo customer, as its device would make it (the small test fleet may have none). */
async function customerClaim() {
  const [job] = await server.database.db
    .select({ id: jobs.id, beginDate: jobs.beginDate, serialNumber: series.serialNumber })
    .from(jobs)
    .innerJoin(series, eq(series.id, jobs.seriesId))
    .where(eq(jobs.companyId, customerCompanyId))
    .limit(1);
  const code = encodeWarrantyCode(job!.serialNumber, job!.beginDate, 3);
  await server.database.db
    .update(jobs)
    .set({ data: sql`${jobs.data} || ${JSON.stringify({ WARRANTYCODE: code, BAC: '0A1B2C3D4E5F' })}::jsonb` })
    .where(eq(jobs.id, job!.id));
  return { id: job!.id, code, bac: '0A1B2C3D4E5F', serialNumber: job!.serialNumber, archived: false };
}

describe('warranty codes', () => {
  it('the demo fleet gives real codes, each decoded to the job and device that carry it', async () => {
    const seeded = await jobWithCode(false);
    expect(decodeWarrantyCode(seeded.code!).valid).toBe(true);
    const job = await customerClaim();
    const answer = await call(
      'customer-warranty-user',
      'GET',
      `/api/WarrantyCode/${job.code!.toLowerCase()}?bac=${job.bac}&vin=WRONGVIN`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      code: job.code,
      valid: true,
      problem: null,
      job: { id: String(job.id), archived: job.archived, bac: job.bac },
      device: { serialNumber: job.serialNumber },
      deviceMatches: true,
      matches: { bac: true, ro: null },
    });
    expect(answer.json().matches.vin === false || answer.json().job.vin === null).toBe(true);
  });

  it("answers another company's code as an unknown one, and says why a code is not one", async () => {
    const foreign = await jobWithCode(false);
    const hidden = await call('customer-warranty-user', 'GET', `/api/WarrantyCode/${foreign.code}`);
    expect(hidden.json()).toMatchObject({ valid: true, job: null, device: null });
    const seen = await call('support-user', 'GET', `/api/WarrantyCode/${foreign.code}`);
    expect(seen.json().job.id).toBe(String(foreign.id));

    const changed = `${foreign.code!.slice(0, 5)}${foreign.code![5] === 'A' ? 'B' : 'A'}${foreign.code!.slice(6)}`;
    const wrong = await call('support-user', 'GET', `/api/WarrantyCode/${changed}`);
    expect(wrong.json()).toMatchObject({ valid: false, problem: 'check', job: null });
    expect(
      (await call('customer-engineering-user', 'GET', `/api/WarrantyCode/${foreign.code}`)).statusCode,
    ).toBe(403);
    const tooLong = await call('support-user', 'GET', `/api/WarrantyCode/W?vin=${'x'.repeat(65)}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('bulk decoding', () => {
  const upload = async (user: string, csv: string, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartBody(
      { ExportDescription: 'Claims of the week', ExportType: 'CSV', ...fields },
      [{ name: 'codes.csv', bytes: Buffer.from(csv) }],
    );
    return server.app.inject({
      method: 'POST',
      url: '/api/WarrantyCode/Bulk',
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
      payload,
    });
  };

  it('decodes a file of codes as a task into a file, one row per code, in order', async () => {
    const job = await jobWithCode(false);
    const broken = `${job.code!.slice(0, 11)}${job.code!.at(-1) === '0' ? '1' : '0'}`;
    const asked = await upload(
      'support-user',
      `Warranty code;BAC\n${job.code};${job.bac ?? ''}\n${broken};\nnot-a-code;\n`,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'support-user', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((record) => [record.warrantycode, record.valid, record.problem])).toEqual([
      [job.code, 'yes', ''],
      [broken, 'no', 'check'],
      ['N0TAC0DE', 'no', 'prefix'],
    ]);
    expect(records[0]).toMatchObject({
      serialNumber: job.serialNumber,
      jobId: String(job.id),
      deviceMatches: 'yes',
    });
    if (job.bac) expect(records[0]!.bacMatches).toBe('yes');
  });

  it('names what is wrong with the file or the fields, and keeps out who has no task list', async () => {
    const noColumn = await upload('support-user', 'code\nW123\n');
    expect(noColumn.json().details).toEqual([
      {
        field: 'body.file',
        message: 'column 1 (code) is not a column of a file of warranty codes',
        rule: { kind: 'unknown_column', name: 'code' },
      },
    ]);
    const badType = await upload('support-user', 'warrantycode\nW123\n', { ExportType: 'PDF' });
    expect(badType.json().details[0].field).toBe('body.ExportType');
    expect((await upload('customer-warranty-manager', 'warrantycode\nW123\n')).statusCode).toBe(403);
  });
});
