import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { TASK_STATUS, taskListAnswerSchema } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';
import { startSmtpCatcher, type ReceivedMail } from '../../../../test/smtp.ts';

let received: ReceivedMail[] = [];
/** Bytes: the few aborted jobs fit in an attachment, all the jobs do not. */
const ATTACHMENT_LIMIT = 200_000;

async function exportAndReceive(token: string, filters: Record<string, string>, description: string) {
  const before = received.length;
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/Jobs/Export',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
    payload: {
      ExportDescription: description,
      JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since', ...filters },
      ExportType: 'CSV',
      EmailResult: true,
      ccRecipients: ['workshop@example.com'],
    },
  });
  expect(response.statusCode, response.body).toBe(202);
  for (let i = 0; i < 300 && received.length === before; i++) await new Promise((r) => setTimeout(r, 100));
  expect(received).toHaveLength(before + 1);
  return { requestId: (response.json() as { requestId: string }).requestId, mail: received[before]! };
}
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  received = smtp.received;
  server = await startTestServer({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'exports@fleet.test',
    SMTP_ATTACHMENT_LIMIT: String(ATTACHMENT_LIMIT),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('emailed exports', () => {
  it('sends the file to the user and the cc recipients once the export is done', async () => {
    const token = await server.tokenFor('administrator');
    const { requestId, mail } = await exportAndReceive(token, { JobStatus: '1' }, 'Jobs aborted');
    expect(mail.from).toBe('exports@fleet.test');
    expect(mail.to.sort()).toEqual(['administrator@demo.fleet-console.test', 'workshop@example.com']);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe('Votre export est prêt : Jobs aborted');
    expect(parsed.text).toContain('Votre export « Jobs aborted »');
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toMatch(/^Jobs-aborted-\d{8}-\d{4}\.csv$/);
    expect(attachment!.content.toString('utf8').startsWith('\uFEFFN° de job,')).toBe(true);
    expect(attachment!.size).toBeLessThanOrEqual(ATTACHMENT_LIMIT);

    const tasks = await server.call('administrator', 'GET', '/api/Task?PageSize=100');
    const task = taskListAnswerSchema.parse(tasks.json()).data.find((t) => t.requestId === requestId);
    expect(task?.status).toBe(TASK_STATUS.DONE);
  });

  it('sends a link instead of a file too large to attach, and the link downloads it without signing in', async () => {
    const token = await server.tokenFor('administrator');
    const { mail } = await exportAndReceive(token, {}, 'Every job');
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments).toHaveLength(0);
    expect(parsed.text).toContain('Trop volumineux pour être joint, il se télécharge ici pendant 7 jours');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/media\/\S+)/.exec(parsed.text ?? '')?.[1];
    expect(link, parsed.text).toBeDefined();
    const download = await fetch(link!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Every-job-\d{8}-\d{4}\.csv"/,
    );
    const file = Buffer.from(await download.arrayBuffer());
    expect(file.length).toBeGreaterThan(ATTACHMENT_LIMIT);
    expect(file.toString('utf8').startsWith('\uFEFFN° de job,')).toBe(true);
    // A link altered by a reader opens nothing.
    const forged = await fetch(link!.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.status).toBe(404);
  });
});
