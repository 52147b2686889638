import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  TASK_STATUS,
  readCursorPaging,
  taskListAnswerSchema,
  type ExportRequestInput,
} from '@fleet/contract';
import { series, tasks, users } from '../../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';
import { endedTask, taskFile, taskOf as taskOfUser } from '../../../../test/tasks.ts';

let server: TestServer;
let customerSerials: Set<string>;
beforeAll(async () => {
  server = await startTestServer();
  const companyId = await server.demoCustomerCompanyId();
  const rows = await server.database.db
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(eq(series.companyId, companyId));
  customerSerials = new Set(rows.map((row) => row.serialNumber));
});
afterAll(async () => server?.close());

const FILTERS = { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since', JobStatus: '1' };

function request(overrides: Partial<ExportRequestInput> = {}): ExportRequestInput {
  return { ExportDescription: 'Aborted jobs', JobFilters: FILTERS, ExportType: 'CSV', ...overrides };
}

async function exportAs(username: string, body: unknown, language = 'en') {
  return server.app.inject({
    method: 'POST',
    url: '/api/Jobs/Export',
    headers: { authorization: `Bearer ${await server.tokenFor(username)}`, 'accept-language': language },
    payload: body as object,
  });
}

const taskOf = (username: string, requestId: string) => taskOfUser(server, username, requestId);
const ended = (username: string, requestId: string) => endedTask(server, username, requestId);

/** Exports, waits for the file and downloads it through the link the API gives. */
async function exported(username: string, body: ExportRequestInput, language = 'en') {
  const response = await exportAs(username, body, language);
  expect(response.statusCode, response.body).toBe(202);
  const { requestId } = response.json() as { requestId: string };
  const { task, description, file, headers } = await taskFile(server, username, requestId);
  expect(description).toBe(body.ExportDescription);
  return { requestId, task, file, headers };
}

/** The ids of the jobs the list shows for these filters, page after page. */
async function listedIds(username: string, filters: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor = 'first';
  for (;;) {
    const query = new URLSearchParams({ ...filters, PageSize: '100', cursor });
    const response = await server.call(username, 'GET', `/api/Jobs?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    ids.push(...(response.json() as { data: { id: string }[] }).data.map((job) => job.id));
    const paging = readCursorPaging((name) => response.headers[name] as string | undefined);
    if (!paging.hasNext || !paging.nextPage) return ids;
    cursor = paging.nextPage;
  }
}

describe('jobs exports', () => {
  it('writes a CSV of exactly the jobs the list shows, RFC 4180 with a byte order mark', async () => {
    const { file, task } = await exported('administrator', request());
    const text = file.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true }) as string[][];
    const [header, ...body] = rows;
    expect(header).toContain('Job ID');
    expect(header).toContain('Temperature (°C)');
    expect(header).toContain('Group');
    const ids = await listedIds('administrator', FILTERS);
    expect(body.map((row) => row[0])).toEqual(ids);
    expect(task.progress).toEqual({ done: ids.length, total: ids.length });
    const status = header!.indexOf('Status');
    expect(new Set(body.map((row) => row[status]))).toEqual(new Set(['Aborted']));
  });

  it("keeps a customer's export to their company's devices, without the group column", async () => {
    const { file } = await exported('customer-engineering-export', request());
    const [header, ...body] = parse(file.toString('utf8'), { bom: true }) as string[][];
    expect(header).not.toContain('Group');
    const serial = header!.indexOf('Serial number');
    expect(body.length).toBeGreaterThan(0);
    for (const row of body) expect(customerSerials.has(row[serial]!)).toBe(true);
    expect(body.map((row) => row[0])).toEqual(await listedIds('customer-engineering-export', FILTERS));
  });

  it('writes an XLSX with dates as dates, in the user language, temperatures converted', async () => {
    const { file } = await exported(
      'administrator',
      request({ ExportType: 'XLSX', ExportSettings: { UnitSettings: [{ Type: 0, ToUnit: 2 }] } }),
      'fr',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('N° de job');
    expect(header).toContain('Température (°F)');
    expect(sheet.rowCount - 1).toBe((await listedIds('administrator', FILTERS)).length);
    const begin = sheet.getRow(2).getCell(header.indexOf('Date de début') + 1).value;
    expect(begin).toBeInstanceOf(Date);
    const temperature = sheet.getRow(2).getCell(header.indexOf('Température (°F)') + 1).value;
    expect(typeof temperature).toBe('number');
    expect(temperature as number).toBeGreaterThanOrEqual(41);
    expect(temperature as number).toBeLessThanOrEqual(95);
  });

  it('writes a self-contained HTML page and a PDF report with the rows', async () => {
    const ids = await listedIds('administrator', FILTERS);
    const html = (await exported('administrator', request({ ExportType: 'HTML' }))).file.toString('utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=/i);
    expect(html.match(/<tr>/g)?.length).toBe(ids.length + 1);
    expect(html).toContain(`<td>${ids[0]}</td>`);

    const pdf = await exported(
      'administrator',
      request({
        ExportType: 'PDF',
        ExportSettings: {
          ExtendedExportSettings: {
            ExportPdfOptions: {
              Format: 'A4',
              Margin: { Top: '1in', Right: '1.5in', Bottom: '1in', Left: '1.5in' },
            },
          },
        },
      }),
    );
    expect(pdf.file.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(pdf.file) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Aborted jobs');
    expect(text).toContain(ids[0]);
    expect(text).toContain(ids[ids.length - 1]);
  });

  it('refuses a bad request whole, naming the field', async () => {
    const cases: [unknown, string][] = [
      [request({ ExportDescription: ' ' }), 'body.ExportDescription'],
      [request({ ExportType: 'DOCX' as never }), 'body.ExportType'],
      [request({ JobFilters: {} }), 'body.JobFilters'],
      [request({ JobFilters: { PageSize: '20' } }), 'body.JobFilters'],
      [request({ JobFilters: { ...FILTERS, JobStatus: '9' } }), 'body.JobFilters.JobStatus'],
      [
        request({ JobFilters: { ...FILTERS, BeginDateOperator: 'sometime' } }),
        'body.JobFilters.BeginDateOperator',
      ],
      [request({ ccRecipients: ['a@example.com'] }), 'body.ccRecipients'],
    ];
    for (const [body, field] of cases) {
      const response = await exportAs('administrator', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const fields = (response.json().details as { field: string }[]).map((detail) => detail.field);
      expect(
        fields.some((name) => name.startsWith(field)),
        `${field} in ${fields.join(', ')}`,
      ).toBe(true);
    }
  });

  it('is refused to a user who may not export, or has no task list to collect the file from', async () => {
    expect((await exportAs('customer-engineering-user', request())).statusCode).toBe(403);
    expect((await exportAs('factory-user', request())).statusCode).toBe(403);
  });
});

describe('task actions', () => {
  it("answers another user's task as if it did not exist", async () => {
    const { requestId } = await exported('administrator', request({ ExportDescription: 'Mine' }));
    for (const [method, path] of [
      ['GET', `/api/Task/${requestId}/download`],
      ['POST', `/api/Task/${requestId}/respawn`],
      ['POST', `/api/Task/${requestId}/cancel`],
      ['DELETE', `/api/Task/${requestId}`],
    ] as const)
      expect((await server.call('support-user', method, path)).statusCode, `${method} ${path}`).toBe(404);
  });

  it('respawns a done task under its id, archives an ended one, and answers 410 once the file is gone', async () => {
    const first = await exported('administrator', request({ ExportDescription: 'Again' }));
    const respawned = await server.call('administrator', 'POST', `/api/Task/${first.requestId}/respawn`);
    expect(respawned.statusCode, respawned.body).toBe(200);
    const again = await ended('administrator', first.requestId);
    expect(again.status).toBe(TASK_STATUS.DONE);

    await server.database.db
      .update(tasks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tasks.id, first.requestId));
    const gone = await server.call('administrator', 'GET', `/api/Task/${first.requestId}/download`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('The export file is no more available. Please run again your request.');

    expect((await server.call('administrator', 'DELETE', `/api/Task/${first.requestId}`)).statusCode).toBe(
      204,
    );
    expect(await taskOf('administrator', first.requestId)).toBeUndefined();
    expect(
      (await server.call('administrator', 'GET', `/api/Task/${first.requestId}/download`)).statusCode,
    ).toBe(404);
  });

  it('cancels a waiting task and refuses to cancel an ended one', async () => {
    // Queued behind a running task of the same user: it waits (84) and can be cancelled.
    const [owner] = await server.database.db
      .select({ userId: users.id })
      .from(users)
      .where(eq(users.username, 'administrator'));
    const requestId = crypto.randomUUID();
    await server.database.db.insert(tasks).values({
      id: requestId,
      userId: owner!.userId,
      kind: 'jobs-export',
      description: 'Later',
      fileName: 'later.csv',
      request: {},
      status: TASK_STATUS.QUEUED,
      runAfter: new Date(Date.now() + 3_600_000),
    });
    const cancelled = await server.call('administrator', 'POST', `/api/Task/${requestId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: TASK_STATUS.ENDED, error: 'Cancelled' });
    expect((await server.call('administrator', 'POST', `/api/Task/${requestId}/cancel`)).statusCode).toBe(
      409,
    );
    expect((await server.call('administrator', 'GET', `/api/Task/${requestId}/download`)).statusCode).toBe(
      409,
    );
    const respawned = await server.call('administrator', 'POST', `/api/Task/${requestId}/respawn`);
    expect(respawned.statusCode).toBe(200);
    // The request it holds cannot be read: it ends with a clear message rather than being retried.
    const task = await ended('administrator', requestId);
    expect(task).toMatchObject({
      status: TASK_STATUS.ENDED,
      error: 'This request can no longer be read: ask for it again.',
    });
  });

  it('lists the pending ones in the viewer, the five most recent of six', async () => {
    // Six tasks that wait for a retry far ahead, and one done: the worker leaves them as they are.
    const [owner] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'support-user'));
    const farAhead = new Date(Date.now() + 86_400_000);
    const rows = Array.from({ length: 7 }, (_, index) => ({
      id: randomUUID(),
      userId: owner!.id,
      kind: 'jobs-export',
      description: `Waiting ${index}`,
      fileName: `waiting-${index}.csv`,
      request: {},
      status: index === 6 ? TASK_STATUS.DONE : TASK_STATUS.RETRYING,
      postedAt: new Date(Date.now() - (10 - index) * 60_000),
      runAfter: farAhead,
    }));
    await server.database.db.insert(tasks).values(rows);
    const response = await server.call('support-user', 'GET', '/api/Task/list-viewer');
    expect(response.statusCode).toBe(200);
    const { data } = taskListAnswerSchema.parse(response.json());
    expect(data.map((task) => task.description)).toEqual([
      'Waiting 5',
      'Waiting 4',
      'Waiting 3',
      'Waiting 2',
      'Waiting 1',
    ]);
  });
});
