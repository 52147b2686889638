import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  ALL_LANGUAGES,
  FLEET_EVENT_PAYLOADS,
  fleetEventSchema,
  type WebhookCreated,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@fleet/contract';
import {
  companies,
  fleetEvents,
  series,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { translator } from '../../lib/translations.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { startReceiver, verifyWebhook } from '../../../test/webhook-receiver.ts';

const QUIET = { ALERT_EVALUATE_SECONDS: '3600', WEBHOOK_DELIVERY_SECONDS: '3600' };
const MANAGER = 'customer-engineering-manager';

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let customerCompany: string;
let otherCompany: string;
const db = () => server.database.db;

async function create(username: string, body: Record<string, unknown>) {
  const answer = await server.call(username, 'POST', '/api/Webhooks', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as WebhookCreated;
}

/** An event as a source writes it, not yet dispatched. */
async function event(type: string, companyId: string | null, threshold: number | null = null) {
  const [row] = await db()
    .insert(fleetEvents)
    .values({
      type,
      version: 1,
      companyId,
      threshold,
      recordType: 'series',
      recordId: 'TEST',
      data: { serialNumber: 'TEST', companyId },
      dedupeKey: `test:${randomUUID()}`,
    })
    .returning({ id: fleetEvents.id });
  return row!.id;
}

/** What the console says of a broken rule, in every language (the server's translations, the console's). */
async function ruleTexts(kind: string) {
  return Promise.all(
    ALL_LANGUAGES.map(async (language) => (await translator(language, 'common'))(`field_rules.${kind}`)),
  );
}

/** Which of these events an endpoint got a delivery of (the sources may find others in the demo data). */
async function deliveredOf(endpointId: number, events: readonly number[]) {
  const rows = await db()
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.eventId, [...events])),
    );
  return rows.map((row) => row.eventId).sort((a, b) => a - b);
}

beforeAll(async () => {
  server = await startTestServer(QUIET);
  receiver = await startReceiver();
  customerCompany = await server.demoCustomerCompanyId();
  const [other] = await db()
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(series, eq(series.companyId, companies.id))
    .where(ne(companies.id, customerCompany))
    .limit(1);
  otherCompany = other!.id;
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe('a job a device sends', () => {
  it('reaches its company’s endpoint as a signed job.created, verified by the documented recipe', async () => {
    const { endpoint, secret } = await create(MANAGER, {
      url: receiver.url('/jobs'),
      eventTypes: ['job.created'],
      companyId: customerCompany,
    });
    expect(secret).toMatch(/^whsec_/);
    const [device] = await db()
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .where(and(eq(series.companyId, customerCompany), eq(series.deviceStatus, 'A')))
      .limit(1);
    const posted = await server.asDevice(device!.serialNumber, {
      url: '/api/devices/jobs',
      payload: {
        workflow: 'BATTERY-TEST',
        jobType: 0,
        jobStatus: 0,
        beginDate: new Date(Date.now() - 60_000).toISOString(),
        data: {},
        result: { validCal: 1, validChk: 1 },
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const jobId = Number((posted.json() as { id: string }).id);

    await server.app.alerts.runOnce();
    await server.app.webhooks.deliverDue();

    const [request] = receiver.at('/jobs').filter((got) => got.body.data.jobId === jobId);
    expect(request, 'the job was delivered').toBeDefined();
    const { headers, raw, body } = request!;
    expect(verifyWebhook(secret, String(headers['webhook-signature']), raw)).toBe(true);
    expect(String(headers['webhook-signature'])).toMatch(
      new RegExp(`^t=${String(headers['webhook-timestamp'])},v1=[0-9a-f]{64}$`),
    );
    // The recipe refuses what was not signed with this secret, and an altered body.
    expect(verifyWebhook(`${secret}x`, String(headers['webhook-signature']), raw)).toBe(false);
    expect(
      verifyWebhook(secret, String(headers['webhook-signature']), raw.replace('BATTERY', 'BATTERZ')),
    ).toBe(false);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/^FleetConsole-Webhooks\//);
    expect(fleetEventSchema.parse(body)).toMatchObject({ type: 'job.created', version: 1 });
    expect(FLEET_EVENT_PAYLOADS['job.created'].parse(body.data)).toMatchObject({
      jobId,
      serialNumber: device!.serialNumber,
      companyId: customerCompany,
      workflow: 'BATTERY-TEST',
    });
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventId, Number(body.id))),
      );
    expect(headers['webhook-id']).toBe(String(delivery!.id));
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
  });
});

describe('which endpoints an event reaches', () => {
  it('its company’s, and those of every company while their owner is staff with the right', async () => {
    const ofCustomer = await create(MANAGER, {
      url: receiver.url('/customer'),
      eventTypes: ['device.online', 'device.offline'],
      companyId: customerCompany,
    });
    const ofEvery = await create('support-manager', {
      url: receiver.url('/every'),
      eventTypes: ['device.online', 'rollout.stopped'],
      companyId: null,
    });
    const own = await event('device.online', customerCompany);
    const others = await event('device.online', otherCompany);
    const makers = await event('rollout.stopped', null);
    const atDefault = await event('device.offline', customerCompany, 60);
    const events = [
      own,
      others,
      makers,
      atDefault,
      await event('device.offline', otherCompany, 60),
      // Found for a user's own threshold; a user's own export.
      await event('device.offline', customerCompany, 15),
      await event('task.finished', customerCompany),
    ];
    await server.app.alerts.runOnce();
    expect(await deliveredOf(ofCustomer.endpoint.id, events)).toEqual([own, atDefault]);
    expect(await deliveredOf(ofEvery.endpoint.id, events)).toEqual([own, others, makers]);
  });

  it('no longer every company’s once its owner lost the right, nor any once turned off', async () => {
    const ofEvery = await create('devops-manager', {
      url: receiver.url('/lost'),
      eventTypes: ['device.online'],
      companyId: null,
    });
    const ofCustomer = await create(MANAGER, {
      url: receiver.url('/off'),
      eventTypes: ['device.online'],
      companyId: customerCompany,
    });
    const turnedOff = await server.call(MANAGER, 'PUT', `/api/Webhooks/${ofCustomer.endpoint.id}`, {
      url: receiver.url('/off'),
      eventTypes: ['device.online'],
      enabled: false,
    });
    expect(turnedOff.json()).toMatchObject({ enabled: false, disabledReason: null });
    // Its owner handed over to someone without the right: a user of a customer, say.
    const [customerUser] = await db().select().from(users).where(eq(users.username, 'series-user'));
    await db()
      .update(webhookEndpoints)
      .set({ ownerId: customerUser!.id })
      .where(eq(webhookEndpoints.id, ofEvery.endpoint.id));
    const online = await event('device.online', customerCompany);
    await server.app.alerts.runOnce();
    expect(await deliveredOf(ofEvery.endpoint.id, [online])).toEqual([]);
    expect(await deliveredOf(ofCustomer.endpoint.id, [online])).toEqual([]);
  });
});

describe('the endpoints a user manages', () => {
  it('are their company’s for a customer, every one for the staff, and no one else’s', async () => {
    const staffs = await create('administrator', {
      url: 'https://hooks.example.com/other',
      eventTypes: ['job.failed'],
      companyId: otherCompany,
    });
    const customers = (await server.call(MANAGER, 'GET', '/api/Webhooks')).json() as WebhookEndpointList;
    expect(customers.endpoints.length).toBeGreaterThan(0);
    expect(customers.endpoints.every((endpoint) => endpoint.companyId === customerCompany)).toBe(true);
    const all = (await server.call('administrator', 'GET', '/api/Webhooks')).json() as WebhookEndpointList;
    expect(all.endpoints.map((endpoint) => endpoint.id)).toContain(staffs.endpoint.id);
    expect(all.endpoints.some((endpoint) => endpoint.companyId === null)).toBe(true);
    const oneCompany = (
      await server.call('administrator', 'GET', `/api/Webhooks?Company=${otherCompany}`)
    ).json() as WebhookEndpointList;
    expect(oneCompany.endpoints.map((endpoint) => endpoint.id)).toEqual([staffs.endpoint.id]);
    const id = staffs.endpoint.id;
    for (const [method, url] of [
      ['PUT', `/api/Webhooks/${id}`],
      ['DELETE', `/api/Webhooks/${id}`],
      ['POST', `/api/Webhooks/${id}/Secret`],
      ['GET', `/api/Webhooks/${id}/Deliveries`],
    ] as const) {
      const body =
        method === 'PUT'
          ? { url: 'https://a.example/', eventTypes: ['job.failed'], enabled: true }
          : undefined;
      expect((await server.call(MANAGER, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('are made for the user’s own company, of the types they may hear of', async () => {
    const refused = await server.call(MANAGER, 'POST', '/api/Webhooks', {
      url: 'https://hooks.example.com/x',
      eventTypes: ['job.created', 'rollout.stopped'],
      companyId: otherCompany,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ field: 'body.eventTypes.1', rule: { kind: 'unavailable' } }),
      expect.objectContaining({ field: 'body.companyId', rule: { kind: 'own_company' } }),
    ]);
    const everyCompany = await server.call(MANAGER, 'POST', '/api/Webhooks', {
      url: 'https://hooks.example.com/x',
      eventTypes: ['job.created'],
      companyId: null,
    });
    expect(everyCompany.json().details).toEqual([
      expect.objectContaining({ field: 'body.companyId', rule: { kind: 'own_company' } }),
    ]);
  });

  it('answer the secret when made and rotated, never in a list', async () => {
    const { endpoint, secret } = await create(MANAGER, {
      url: 'https://hooks.example.com/secret',
      eventTypes: ['job.failed'],
      companyId: customerCompany,
    });
    const rotated = await server.call(MANAGER, 'POST', `/api/Webhooks/${endpoint.id}/Secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: renewed } = rotated.json() as { secret: string };
    expect(renewed).not.toBe(secret);
    const [stored] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored!.secret).toBe(renewed);
    const list = await server.call(MANAGER, 'GET', '/api/Webhooks');
    expect(list.body).not.toContain(renewed);
    expect(list.body).not.toContain('whsec_');
  });

  it('refuse credentials in the URL, in the user’s language', async () => {
    const refused = await server.call(MANAGER, 'POST', '/api/Webhooks', {
      url: 'https://user:password@hooks.example.com/x',
      eventTypes: ['job.created'],
      companyId: customerCompany,
    });
    expect(refused.statusCode).toBe(400);
    const [problem] = refused.json().details as { field: string; rule: { kind: string } }[];
    expect(problem).toMatchObject({ field: 'body.url', rule: { kind: 'credentials' } });
    const texts = await ruleTexts(problem!.rule.kind);
    expect(texts[ALL_LANGUAGES.indexOf('en')]).toBe('Must not contain a user name or password');
    expect(texts.filter((text) => text.includes('field_rules'))).toEqual([]);
  });
});

describe('outside demo mode', () => {
  it('a plain HTTP URL to another machine is refused on its field, in words the console has', async () => {
    const production = await startTestServer({ ...QUIET, DEMO_MODE: 'false' });
    try {
      // A real account (demo accounts sign in only in demo mode).
      await production.database.db.update(users).set({ demo: false }).where(eq(users.username, MANAGER));
      const companyId = await production.demoCustomerCompanyId();
      const body = { eventTypes: ['job.created'], companyId };
      const refused = await production.call(MANAGER, 'POST', '/api/Webhooks', {
        ...body,
        url: 'http://hooks.example.com/fleet',
      });
      expect(refused.statusCode).toBe(400);
      const [problem] = refused.json().details as { field: string; rule: { kind: string } }[];
      expect(problem).toMatchObject({ field: 'body.url', rule: { kind: 'https_only' } });
      const texts = await ruleTexts(problem!.rule.kind);
      expect(texts[ALL_LANGUAGES.indexOf('en')]).toBe(
        'Must be an https:// address (http:// only to this machine)',
      );
      expect(texts.filter((text) => text.includes('field_rules'))).toEqual([]);
      const local = await production.call(MANAGER, 'POST', '/api/Webhooks', {
        ...body,
        url: 'http://127.0.0.1:9/fleet',
      });
      expect(local.statusCode, local.body).toBe(201);
      const secure = await production.call(MANAGER, 'POST', '/api/Webhooks', {
        ...body,
        url: 'https://hooks.example.com/fleet',
      });
      expect(secure.statusCode, secure.body).toBe(201);
    } finally {
      await production.close();
    }
  });
});

describe('an endpoint turned off by the server', () => {
  it('is turned on again with its failures forgotten', async () => {
    const { endpoint } = await create(MANAGER, {
      url: receiver.url('/again'),
      eventTypes: ['job.failed'],
      companyId: customerCompany,
    });
    await db()
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: 'consecutive-failures',
        disabledAt: new Date(),
        consecutiveFailures: 10,
        failingSince: new Date(Date.now() - 86_400_000),
      })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const body = { url: receiver.url('/again'), eventTypes: ['job.failed'] };
    const renamed = await server.call(MANAGER, 'PUT', `/api/Webhooks/${endpoint.id}`, {
      ...body,
      enabled: false,
    });
    expect(renamed.json()).toMatchObject({ enabled: false, disabledReason: 'consecutive-failures' });
    const again = await server.call(MANAGER, 'PUT', `/api/Webhooks/${endpoint.id}`, {
      ...body,
      enabled: true,
    });
    expect(again.json() as WebhookEndpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      consecutiveFailures: 0,
    });
    const [stored] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored!.failingSince).toBeNull();
  });
});
