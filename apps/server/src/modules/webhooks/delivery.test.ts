import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type {
  NotificationListAnswer,
  WebhookAttemptList,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpointList,
} from '@fleet/contract';
import { fleetEvents, users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { startReceiver, verifyWebhook } from '../../../test/webhook-receiver.ts';
import { claimDue } from './deliveries.ts';
import { WebhookDeliverer } from './deliverer.ts';

const QUIET = { ALERT_EVALUATE_SECONDS: '3600', WEBHOOK_DELIVERY_SECONDS: '3600' };
const MANAGER = 'customer-engineering-manager';
const SECOND = 1000;
const HOUR = 3_600_000;

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let customerCompany: string;
/** The time the test's deliverers read: moved on instead of waited for. */
let now = new Date();
const db = () => server.database.db;

/** A turn of the alerts whose sources read a window of 2000: the events dispatched are the test's own. */
async function dispatch(on: TestServer = server) {
  await on.app.alerts.runOnce(new Date('2000-01-01T00:00:00Z'));
  now = new Date();
}

const deliverer = (node: string, on: TestServer = server) =>
  new WebhookDeliverer({ db: () => on.database.db, node, log: on.app.log, clock: () => now });

async function endpointAt(path: string, eventTypes = ['job.failed']) {
  const answer = await server.call(MANAGER, 'POST', '/api/Webhooks', {
    url: receiver.url(path),
    eventTypes,
    companyId: customerCompany,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as WebhookCreated;
}

/** Events of the customer's company as a source writes them, then dispatched. */
async function jobsFailed(count: number) {
  const rows = await db()
    .insert(fleetEvents)
    .values(
      Array.from({ length: count }, () => ({
        type: 'job.failed',
        version: 1,
        companyId: customerCompany,
        recordType: 'job',
        recordId: '1',
        data: { jobId: 1, serialNumber: 'TEST', companyId: customerCompany, reason: 'result' },
        dedupeKey: `test:${randomUUID()}`,
      })),
    )
    .returning({ id: fleetEvents.id });
  return rows.map((row) => String(row.id));
}

async function deliveriesOf(endpointId: number): Promise<WebhookDelivery[]> {
  const answer = await server.call(MANAGER, 'GET', `/api/Webhooks/${endpointId}/Deliveries?PageSize=100`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as WebhookDeliveryList).data;
}

async function attemptsOf(endpointId: number, deliveryId: number) {
  const answer = await server.call(
    MANAGER,
    'GET',
    `/api/Webhooks/${endpointId}/Deliveries/${deliveryId}/Attempts`,
  );
  return (answer.json() as WebhookAttemptList).attempts;
}

beforeAll(async () => {
  server = await startTestServer(QUIET);
  receiver = await startReceiver();
  customerCompany = await server.demoCustomerCompanyId();
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe('a delivery the receiver refuses', () => {
  it('is sent again after its backoff, then delivered; a replay sends the same event again', async () => {
    const { endpoint, secret } = await endpointAt('/retry');
    const [eventId] = await jobsFailed(1);
    await dispatch();
    receiver.answer('/retry', [500, 200]);

    await deliverer('a').deliverDue();
    expect(receiver.at('/retry')).toHaveLength(1);
    const [waiting] = await deliveriesOf(endpoint.id);
    expect(waiting).toMatchObject({ eventId, status: 'pending', attempts: 1, lastStatusCode: 500 });
    const wait = new Date(waiting!.nextAttemptAt!).getTime() - now.getTime();
    expect(wait).toBeGreaterThanOrEqual(27 * SECOND);
    expect(wait).toBeLessThanOrEqual(33 * SECOND);

    now = new Date(now.getTime() + 20 * SECOND);
    await deliverer('a').deliverDue();
    expect(receiver.at('/retry')).toHaveLength(1);
    now = new Date(now.getTime() + 20 * SECOND);
    await deliverer('a').deliverDue();
    expect(receiver.at('/retry')).toHaveLength(2);
    const [delivered] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    const attempts = await attemptsOf(endpoint.id, delivered!.id);
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([200, 500]);
    expect(attempts[1]).toMatchObject({ error: null, responseExcerpt: 'answered 500' });

    const replayed = await server.call(
      MANAGER,
      'POST',
      `/api/Webhooks/${endpoint.id}/Deliveries/${delivered!.id}/Replay`,
    );
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ id: delivered!.id, status: 'pending', attempts: 0 });
    await deliverer('a').deliverDue();
    const sent = receiver.at('/retry');
    expect(sent.map((request) => request.body.id)).toEqual([eventId, eventId, eventId]);
    expect(new Set(sent.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([String(delivered!.id)]),
    );
    // Each attempt is signed at its own time.
    const last = sent[2]!;
    expect(
      verifyWebhook(
        secret,
        String(last.headers['webhook-signature']),
        last.raw,
        Math.floor(now.getTime() / 1000),
      ),
    ).toBe(true);
    expect((await attemptsOf(endpoint.id, delivered!.id)).map((attempt) => attempt.statusCode)).toEqual([
      200, 200, 500,
    ]);
  });

  it('fails after 24 hours of retries, and after ten such deliveries the endpoint is turned off and its owner told', async () => {
    const { endpoint } = await endpointAt('/down');
    const events = await jobsFailed(10);
    await dispatch();
    receiver.answer('/down', [503]);
    const start = now.getTime();
    for (let hours = 0; hours <= 26; hours++) {
      now = new Date(start + hours * HOUR);
      await deliverer('a').deliverDue();
    }
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((delivery) => delivery.eventId).sort()).toEqual([...events].sort());
    expect(deliveries.every((delivery) => delivery.status === 'failed')).toBe(true);
    // 0 s, 30 s, 2 min, 8 min, 30 min, 2 h, then every 6 h up to 24 h after the first.
    expect(deliveries.every((delivery) => delivery.attempts >= 8 && delivery.attempts <= 10)).toBe(true);
    const attempts = await attemptsOf(endpoint.id, deliveries[0]!.id);
    const last = new Date(attempts[0]!.at).getTime() - new Date(attempts.at(-1)!.at).getTime();
    expect(last).toBeLessThanOrEqual(24 * HOUR);

    const list = (await server.call(MANAGER, 'GET', '/api/Webhooks')).json() as WebhookEndpointList;
    expect(list.endpoints.find((candidate) => candidate.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'consecutive-failures',
      consecutiveFailures: 10,
    });
    const [owner] = await db().select().from(users).where(eq(users.username, MANAGER));
    const told = await db()
      .select()
      .from(fleetEvents)
      .where(and(eq(fleetEvents.type, 'webhook.disabled'), eq(fleetEvents.recordId, String(endpoint.id))));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ ownerId: owner!.id, recordType: 'webhook' });
    expect(told[0]!.data).toMatchObject({ endpointId: endpoint.id, url: receiver.url('/down') });

    // Turned off, it is sent nothing more, and it never hears of its own turning off.
    const sent = receiver.at('/down').length;
    const later = now.getTime() + HOUR;
    await jobsFailed(1);
    await dispatch();
    now = new Date(later);
    await deliverer('a').deliverDue();
    expect(receiver.at('/down')).toHaveLength(sent);
    const notifications = await server.call(MANAGER, 'GET', '/api/Notifications?Type=webhook.disabled');
    const { data } = notifications.json() as NotificationListAnswer;
    expect(data.map((notification) => notification.record)).toEqual([
      { type: 'webhook', id: String(endpoint.id) },
    ]);
  });

  it('turns the endpoint off after a day of failing even before ten deliveries failed', async () => {
    // Retries at the late end of their ±10 %: the first delivery gives up before its attempts have failed
    // for a full day, so that it is the next delivery's failure that completes the day (else which of
    // the two completes it would turn on the jitter).
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const { endpoint } = await endpointAt('/flaky');
    await jobsFailed(1);
    await dispatch();
    receiver.answer('/flaky', [500]);
    const start = now.getTime();
    for (let hours = 0; hours <= 25; hours++) {
      now = new Date(start + hours * HOUR);
      await deliverer('a').deliverDue();
    }
    const [before] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(before).toMatchObject({ enabled: true, consecutiveFailures: 1 });
    const dayLater = now.getTime();
    await jobsFailed(1);
    await dispatch();
    now = new Date(dayLater);
    await deliverer('a').deliverDue();
    expect(receiver.at('/flaky').length).toBeGreaterThan(8);
    const [after] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing-for-a-day' });
    vi.restoreAllMocks();
  });
});

describe('two nodes', () => {
  it('make one delivery per endpoint and event, and send each once', async () => {
    const second = await startTestServer(QUIET, server);
    try {
      const { endpoint } = await endpointAt('/twice');
      const events = await jobsFailed(30);
      await Promise.all([dispatch(), dispatch(second)]);
      const made = await db()
        .select({ eventId: webhookDeliveries.eventId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(made.map((row) => String(row.eventId)).sort()).toEqual([...events].sort());

      await Promise.all([deliverer('a').deliverDue(), deliverer('b', second).deliverDue()]);
      const sent = receiver.at('/twice').map((request) => request.body.id);
      expect(sent.sort()).toEqual([...events].sort());
      const deliveries = await deliveriesOf(endpoint.id);
      expect(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(
        true,
      );
    } finally {
      await second.close();
    }
  });

  it('send again, once its lease ran out, a delivery whose node died while sending it', async () => {
    const { endpoint } = await endpointAt('/lease');
    const [eventId] = await jobsFailed(1);
    await dispatch();
    // Taken by a node that is killed before it records anything.
    const taken = await claimDue(db(), 'killed', now, 60 * SECOND, 100);
    expect(taken.map((delivery) => String(delivery.event.id))).toContain(eventId);
    await deliverer('b').deliverDue();
    expect(receiver.at('/lease')).toEqual([]);
    now = new Date(now.getTime() + 61 * SECOND);
    await deliverer('b').deliverDue();
    expect(receiver.at('/lease').map((request) => request.body.id)).toEqual([eventId]);
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          inArray(webhookDeliveries.eventId, [Number(eventId)]),
        ),
      );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lockedBy: null });
  });
});
