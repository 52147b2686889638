import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import { certificates, notifications, rollouts, series, userConfigurations, users } from '../../db/schema.ts';
import { createMailer } from '../../lib/mailer.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { startSmtpCatcher, type ReceivedMail } from '../../../test/smtp.ts';
import { sendDigests } from './mail.ts';

const DAY = 86_400_000;
let received: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
let server: TestServer;

async function settle(username: string, settings: Record<string, string>) {
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  await server.database.db
    .insert(userConfigurations)
    .values({ userId: user!.id, content: JSON.stringify(settings) })
    .onConflictDoUpdate({ target: userConfigurations.userId, set: { content: JSON.stringify(settings) } });
  return user!.id;
}

async function until(count: number) {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  expect(received.length).toBeGreaterThanOrEqual(count);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  received = smtp.received;
  server = await startTestServer({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'alerts@fleet.test',
    ALERT_EVALUATE_SECONDS: '3600',
  });
  await server.app.alerts.runOnce();
  await server.database.db.delete(notifications);
  received.length = 0;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('alert e-mails', () => {
  it('sends a French customer one digest of the calibrations ending, after 7:00 in their zone', async () => {
    const userId = await settle('customer-engineering-manager', {
      current_language: 'fr',
      timezone: 'Europe/Paris',
    });
    const company = await server.demoCustomerCompanyId();
    const [device] = await server.database.db
      .select({ id: series.id, serialNumber: series.serialNumber })
      .from(series)
      .where(and(eq(series.companyId, company), eq(series.deviceStatus, 'A')))
      .limit(1);
    const end = new Date(Date.now() + 30 * DAY - 60_000);
    await server.database.db.insert(certificates).values({
      seriesId: device!.id,
      number: `CAL-${randomUUID().slice(0, 6)}`,
      calibrationDate: new Date(),
      endOfValidityDate: end,
    });
    await server.app.alerts.runOnce();
    const mine = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(mine.map((row) => row.channel)).toEqual(['digest']);
    // Not before the next 7:00 in Paris: the notification came after this morning's.
    const mailer = createMailer(server.config.smtp)!;
    const url = 'http://console.test/notifications';
    expect(await sendDigests(server.database.db, mailer, url, new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + DAY);
    // Each customer manager of the company with the defaults: their own digest.
    expect(await sendDigests(server.database.db, mailer, url, tomorrow)).toBeGreaterThanOrEqual(1);
    await until(1);
    const mail = received.find((one) =>
      one.to.includes('customer-engineering-manager@demo.fleet-console.test'),
    )!;
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe('Fleet Console : votre résumé du jour (1)');
    const day = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(end);
    expect(parsed.text).toContain(`L’étalonnage de l’appareil ${device!.serialNumber} expire le ${day}`);
    expect(parsed.text).toContain(url);
    // Once: the next turn finds nothing due.
    expect(await sendDigests(server.database.db, mailer, url, tomorrow)).toBe(0);
  });

  it('e-mails each notification of an "e-mail each" rule as it comes', async () => {
    await settle('support-manager', { current_language: 'de', timezone: 'Europe/Berlin' });
    const answer = await server.call('support-manager', 'PUT', '/api/Me/AlertRules', {
      rules: [{ kind: 'rollout.stopped', threshold: null, channel: 'email', companyId: null, enabled: true }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const before = received.length;
    await server.database.db.insert(rollouts).values({
      deviceType: 'TPMS',
      kind: 'firmware',
      version: '7.7.7',
      state: 'stopped',
      filter: {},
      wavePercents: [100],
      waveCount: 1,
      failureThresholdPercent: 10,
      waveWindowMinutes: 60,
      waveStartedAt: new Date(),
      waveStarts: [],
      createdBy: 'test',
      endedAt: new Date(),
    });
    await server.app.alerts.runOnce();
    await until(before + 1);
    const parsed = await simpleParser(received[before]!.raw);
    expect(parsed.subject).toBe(
      'Fleet Console: Die Verteilung von Version 7.7.7 an die Geräte TPMS wurde angehalten',
    );
    await server.app.alerts.runOnce();
    expect(received).toHaveLength(before + 1);
  });
});
