import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { TASK_STATUS, taskListAnswerSchema } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';

/** A local SMTP server started by the test: what the console's emails look like on arrival. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
  );
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'exports@fleet.test' });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('emailed exports', () => {
  it('sends the file to the user and the cc recipients once the export is done', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Jobs/Export',
      headers: { authorization: `Bearer ${await server.tokenFor('administrator')}`, 'accept-language': 'fr' },
      payload: {
        ExportDescription: 'Jobs aborted',
        JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since', JobStatus: '1' },
        ExportType: 'CSV',
        EmailResult: true,
        ccRecipients: ['workshop@example.com'],
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { requestId } = response.json() as { requestId: string };

    for (let i = 0; i < 300 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('exports@fleet.test');
    expect(mail!.to.sort()).toEqual(['administrator@demo.fleet-console.test', 'workshop@example.com']);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe('Votre export est prêt : Jobs aborted');
    expect(parsed.text).toContain('Votre export « Jobs aborted »');
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toMatch(/^Jobs-aborted-\d{8}-\d{4}\.csv$/);
    expect(attachment!.content.toString('utf8').startsWith('\uFEFFN° de job,')).toBe(true);

    const tasks = await server.call('administrator', 'GET', '/api/Task?PageSize=100');
    const task = taskListAnswerSchema.parse(tasks.json()).data.find((t) => t.requestId === requestId);
    expect(task?.status).toBe(TASK_STATUS.DONE);
  });
});
