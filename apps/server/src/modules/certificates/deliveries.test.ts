import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import { and, eq, ne } from 'drizzle-orm';
import { certificates, series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { startSmtpCatcher, type ReceivedMail } from '../../../test/smtp.ts';

let received: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
let server: TestServer;
let companyId: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  received = smtp.received;
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'lab@fleet.test' });
  companyId = await server.demoCustomerCompanyId();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call: TestServer['call'] = (...args) => server.call(...args);

describe('certificate deliveries', () => {
  it('e-mails a company’s certificates with links to documents written from the template', async () => {
    const candidates = await call(
      'support-manager',
      'GET',
      `/api/Certificates/Deliveries/Candidates?Company=${companyId}`,
    );
    expect(candidates.statusCode, candidates.body).toBe(200);
    const chosen = candidates.json().certificates.slice(0, 2) as {
      id: number;
      number: string;
      serialNumber: string;
    }[];
    expect(chosen).toHaveLength(2);
    const serials = new Set(
      candidates.json().certificates.map((c: { serialNumber: string }) => c.serialNumber),
    );
    expect(serials.size).toBe(candidates.json().certificates.length);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Certificates/Deliveries',
      headers: {
        authorization: `Bearer ${await server.tokenFor('support-manager')}`,
        'accept-language': 'fr',
      },
      payload: {
        companyId,
        recipients: ['quality@garage.example'],
        certificateIds: chosen.map((c) => c.id),
        message: 'Bonjour, voici vos certificats.',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'sent',
      certificateCount: 2,
      recipients: ['quality@garage.example'],
    });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const mail = await simpleParser(received[0]!.raw);
    expect(received[0]!.to).toEqual(['quality@garage.example']);
    expect(mail.subject).toMatch(/^Certificats d'étalonnage de /);
    expect(mail.text).toContain('Bonjour, voici vos certificats.');
    for (const certificate of chosen)
      expect(mail.text).toContain(`${certificate.number}, appareil ${certificate.serialNumber}`);
    const link = /(http\S+)/.exec(mail.text ?? '')![1]!;
    const document = await server.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, '') });
    expect(document.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(document.rawPayload) });
    // Long words wrap at their hyphens.
    const text = (await parser.getText()).text.replace(/\n/g, '');
    await parser.destroy();
    expect(text).toContain(chosen[0]!.number);

    const listed = await call('support-manager', 'GET', `/api/Certificates/Deliveries?Company=${companyId}`);
    expect(listed.json().deliveries[0]).toMatchObject({ id: response.json().id, email: 'sent' });
    const again = await call(
      'support-manager',
      'GET',
      `/api/Certificates/Deliveries/${response.json().id}/email`,
    );
    expect(again.json().text).toContain(chosen[1]!.number);
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=certificate-delivery&SubjectId=${response.json().id}`,
    );
    expect(log.json().data).toMatchObject([{ action: 'certificate-delivery.create' }]);
  });

  it('refuses another company’s certificate, a rejected one, and bad recipients, naming the field', async () => {
    const [foreign] = await server.database.db
      .select({ id: certificates.id })
      .from(certificates)
      .innerJoin(series, eq(series.id, certificates.seriesId))
      .where(and(ne(series.companyId, companyId)))
      .limit(1);
    const refused = await call('support-manager', 'POST', '/api/Certificates/Deliveries', {
      companyId,
      recipients: ['quality@garage.example'],
      certificateIds: [foreign!.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatchObject([{ field: 'body.certificateIds' }]);
    const recipients = await call('support-manager', 'POST', '/api/Certificates/Deliveries', {
      companyId,
      recipients: ['not an address'],
      certificateIds: [foreign!.id],
    });
    expect(recipients.statusCode).toBe(400);
    expect(recipients.json().message).toMatch(/body\.recipients/);
    expect(
      (await call('customer-engineering-manager', 'GET', '/api/Certificates/Deliveries')).statusCode,
    ).toBe(403);
  });
});
