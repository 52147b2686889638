import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  ALERT_RULE_HOURLY_CAP,
  NOTIFICATIONS_HUB_EVENT,
  TASK_STATUS,
  type AlertRuleInput,
  type FleetEventType,
} from '@fleet/contract';
import {
  alertPreferences,
  alertRules,
  certificates,
  corruptedJobs,
  fleetEvents,
  heartbeats,
  jobs,
  notifications,
  orderEvents,
  orders,
  paymentMethodTypes,
  serviceCenters,
  currencies,
  rollouts,
  series,
  tasks,
  users,
} from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { connectConsole, recorder } from '../../../test/hub-clients.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

let server: TestServer;
let customerCompany: string;
let own: { id: number; serialNumber: string };
let second: { id: number; serialNumber: string };
let other: { id: number; serialNumber: string; companyId: string };

const db = () => server.database.db;

async function userId(username: string): Promise<string> {
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.username, username));
  return user!.id;
}

/** The notifications a user got of one record, by event type. */
async function told(username: string, recordId: string): Promise<FleetEventType[]> {
  const rows = await db()
    .select({ type: fleetEvents.type })
    .from(notifications)
    .innerJoin(fleetEvents, eq(fleetEvents.id, notifications.eventId))
    .where(and(eq(notifications.userId, await userId(username)), eq(fleetEvents.recordId, recordId)));
  return rows.map((row) => row.type as FleetEventType).sort();
}

async function rules(username: string, list: Partial<AlertRuleInput>[]) {
  const answer = await server.call(username, 'PUT', '/api/Me/AlertRules', {
    rules: list.map((rule) => ({
      threshold: null,
      channel: 'console',
      companyId: null,
      enabled: true,
      ...rule,
    })),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const run = (now = new Date()) => server.app.alerts.runOnce(now);

beforeAll(async () => {
  server = await startTestServer({ ALERT_EVALUATE_SECONDS: '3600' });
  customerCompany = await server.demoCustomerCompanyId();
  const devices = await db()
    .select({ id: series.id, serialNumber: series.serialNumber })
    .from(series)
    .where(and(eq(series.companyId, customerCompany), eq(series.deviceStatus, 'A')))
    .orderBy(series.id)
    .limit(2);
  [own, second] = [devices[0]!, devices[1]!];
  const [another] = await db()
    .select({ id: series.id, serialNumber: series.serialNumber, companyId: series.companyId })
    .from(series)
    .where(
      and(ne(series.companyId, customerCompany), isNotNull(series.companyId), eq(series.deviceStatus, 'A')),
    )
    .limit(1);
  other = { ...another!, companyId: another!.companyId! };
  // What the seeded fleet did in the last hour is told once; each test starts from no notification.
  await run();
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await db().delete(notifications);
  await db().delete(alertRules);
  await db().delete(alertPreferences);
});

async function lastBeat(seriesId: number, at: Date) {
  await db()
    .insert(heartbeats)
    .values({ seriesId, lastHeartbeat: at })
    .onConflictDoUpdate({ target: heartbeats.seriesId, set: { lastHeartbeat: at } });
}

describe('a device going silent, and back', () => {
  it('tells support, by their roles’ default, once the device has been silent for 60 minutes', async () => {
    const now = new Date();
    await lastBeat(own.id, new Date(now.getTime() - 61 * MINUTE));
    await lastBeat(other.id, new Date(now.getTime() - 59 * MINUTE));
    await run(now);
    expect(await told('support-user', own.serialNumber)).toEqual(['device.offline']);
    expect(await told('support-user', other.serialNumber)).toEqual([]);
    // A customer hears of it only by a rule of their own; the defaults of their roles have none.
    expect(await told('customer-engineering-manager', own.serialNumber)).toEqual([]);
    await run(new Date(now.getTime() + 5000));
    expect(await told('support-user', own.serialNumber)).toEqual(['device.offline']);
  });

  it('tells a customer of their own company’s devices only, at the threshold they chose', async () => {
    await rules('customer-engineering-manager', [
      { kind: 'device.offline', threshold: 5 },
      { kind: 'device.online' },
    ]);
    const now = new Date();
    await lastBeat(second.id, new Date(now.getTime() - 6 * MINUTE));
    await lastBeat(other.id, new Date(now.getTime() - 6 * MINUTE));
    await run(now);
    expect(await told('customer-engineering-manager', second.serialNumber)).toEqual(['device.offline']);
    expect(await told('customer-engineering-manager', other.serialNumber)).toEqual([]);
    // Staff with the default threshold (60) are not told of five minutes.
    expect(await told('support-user', second.serialNumber)).toEqual([]);

    await lastBeat(second.id, new Date(now.getTime() + 1000));
    await run(new Date(now.getTime() + 2000));
    expect(await told('customer-engineering-manager', second.serialNumber)).toEqual([
      'device.offline',
      'device.online',
    ]);
    // Back once: a second look tells nothing more.
    await run(new Date(now.getTime() + 3000));
    expect(await told('customer-engineering-manager', second.serialNumber)).toHaveLength(2);
  });
});

describe('a rule narrowed to one company', () => {
  it('tells the staff of that company’s devices alone', async () => {
    await rules('support-manager', [{ kind: 'device.offline', threshold: 30, companyId: other.companyId }]);
    const now = new Date();
    await lastBeat(second.id, new Date(now.getTime() - 31 * MINUTE));
    await lastBeat(other.id, new Date(now.getTime() - 31 * MINUTE));
    await run(now);
    expect(await told('support-manager', other.serialNumber)).toEqual(['device.offline']);
    expect(await told('support-manager', second.serialNumber)).toEqual([]);
  });
});

describe('calibration', () => {
  async function certificate(seriesId: number, endOfValidity: Date, calibrated = new Date()) {
    const [row] = await db()
      .insert(certificates)
      .values({
        seriesId,
        number: `ALERT-${randomUUID().slice(0, 8)}`,
        calibrationDate: calibrated,
        endOfValidityDate: endOfValidity,
      })
      .returning({ id: certificates.id });
    return row!.id;
  }

  it('tells the customer’s managers 30 days before the latest certificate ends, and when it ended', async () => {
    const now = new Date();
    await certificate(own.id, new Date(now.getTime() + 30 * DAY - MINUTE));
    await run(now);
    expect(await told('customer-engineering-manager', own.serialNumber)).toEqual(['calibration.expiring']);

    await rules('support-manager', [{ kind: 'calibration.expired' }]);
    await certificate(other.id, new Date(now.getTime() - MINUTE));
    await run(new Date(now.getTime() + 1000));
    expect(await told('customer-engineering-manager', other.serialNumber)).toEqual([]);
    expect(await told('support-manager', other.serialNumber)).toEqual(['calibration.expired']);
  });

  it('does not tell of a certificate a newer one replaced, nor of one ending in 31 days', async () => {
    const now = new Date();
    const [device] = await db()
      .select({ id: series.id, serialNumber: series.serialNumber })
      .from(series)
      .where(and(eq(series.companyId, customerCompany), ne(series.id, own.id)))
      .limit(1);
    await certificate(device!.id, new Date(now.getTime() - MINUTE), new Date(now.getTime() - 400 * DAY));
    await certificate(device!.id, new Date(now.getTime() + 300 * DAY), new Date(now.getTime() - DAY));
    const [third] = await db()
      .select({ id: series.id, serialNumber: series.serialNumber })
      .from(series)
      .where(and(eq(series.companyId, customerCompany), ne(series.id, own.id), ne(series.id, device!.id)))
      .limit(1);
    await certificate(third!.id, new Date(now.getTime() + 31 * DAY));
    await run(now);
    expect(await told('customer-engineering-manager', device!.serialNumber)).toEqual([]);
    expect(await told('customer-engineering-manager', third!.serialNumber)).toEqual([]);
  });
});

describe('jobs, rollouts, tasks and orders', () => {
  async function job(seriesId: number, companyId: string, result: { jobStatus: number; validChk: number }) {
    const [row] = await db()
      .insert(jobs)
      .values({
        seriesId,
        companyId,
        deviceType: 'TPMS',
        workflow: 'Check',
        jobType: 1,
        beginDate: new Date(),
        ...result,
      })
      .returning({ id: jobs.id });
    return String(row!.id);
  }

  it('tells of a failed job and a failed calibration check, not of a job that went well', async () => {
    await rules('customer-engineering-manager', [{ kind: 'job.failed' }]);
    const failed = await job(own.id, customerCompany, { jobStatus: 2, validChk: 0 });
    const check = await job(own.id, customerCompany, { jobStatus: 0, validChk: 2 });
    const fine = await job(own.id, customerCompany, { jobStatus: 0, validChk: 1 });
    const elsewhere = await job(other.id, other.companyId, { jobStatus: 2, validChk: 0 });
    await run();
    expect(await told('customer-engineering-manager', failed)).toEqual(['job.failed']);
    expect(await told('customer-engineering-manager', check)).toEqual(['job.failed']);
    expect(await told('customer-engineering-manager', fine)).toEqual([]);
    expect(await told('customer-engineering-manager', elsewhere)).toEqual([]);
    const [event] = await db().select().from(fleetEvents).where(eq(fleetEvents.recordId, check));
    expect(event!.data).toMatchObject({ reason: 'calibration-check', serialNumber: own.serialNumber });
  });

  it('tells staff of a corrupted job, never a customer', async () => {
    await rules('administrator', [{ kind: 'job.corrupted' }]);
    const [row] = await db()
      .insert(corruptedJobs)
      .values({ seriesId: own.id, reason: [{ field: 'jobType', message: 'missing' }], payload: '{}' })
      .returning({ id: corruptedJobs.id });
    await run();
    expect(await told('administrator', String(row!.id))).toEqual(['job.corrupted']);
    const refused = await server.call('customer-engineering-manager', 'PUT', '/api/Me/AlertRules', {
      rules: [{ kind: 'job.corrupted', threshold: null, channel: 'console', companyId: null, enabled: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ field: 'body.rules.0.kind', rule: { kind: 'unavailable' } }),
    ]);
  });

  it('tells support of a rollout that stopped itself, and devops of one that finished', async () => {
    const values = {
      deviceType: 'TPMS',
      kind: 'firmware',
      version: '9.9.9',
      filter: {},
      wavePercents: [100],
      waveCount: 1,
      failureThresholdPercent: 10,
      waveWindowMinutes: 60,
      waveStartedAt: new Date(),
      waveStarts: [],
      createdBy: 'test',
      endedAt: new Date(),
    };
    const [stopped] = await db()
      .insert(rollouts)
      .values({ ...values, state: 'stopped', reason: 'Stopped by itself' })
      .returning({ id: rollouts.id });
    const [done] = await db()
      .insert(rollouts)
      .values({ ...values, state: 'done' })
      .returning({ id: rollouts.id });
    await run();
    expect(await told('support-user', String(stopped!.id))).toEqual(['rollout.stopped']);
    expect(await told('support-user', String(done!.id))).toEqual([]);
    expect(await told('devops-user', String(done!.id))).toEqual(['rollout.finished']);
    expect(await told('customer-engineering-manager', String(stopped!.id))).toEqual([]);
  });

  it('tells a user of their own export only', async () => {
    const owner = await userId('support-user');
    const id = randomUUID();
    await db().insert(tasks).values({
      id,
      userId: owner,
      kind: 'jobs-export',
      description: 'Mine',
      fileName: 'jobs.csv',
      request: {},
      status: TASK_STATUS.DONE,
      finishedAt: new Date(),
    });
    await run();
    expect(await told('support-user', id)).toEqual(['task.finished']);
    expect(await told('support-manager', id)).toEqual([]);
    expect(await told('administrator', id)).toEqual([]);
  });

  it('tells the customer of a change of their order’s status and the staff of what waits on them', async () => {
    const [center] = await db().select({ id: serviceCenters.id }).from(serviceCenters).limit(1);
    const [method] = await db().select({ code: paymentMethodTypes.code }).from(paymentMethodTypes).limit(1);
    const [currency] = await db().select({ code: currencies.code }).from(currencies).limit(1);
    const address = { name: 'Test', line1: '1 Road', city: 'Lyon', postalCode: '69001', country: 'FR' };
    const [order] = await db()
      .insert(orders)
      .values({
        number: `T-${randomUUID().slice(0, 8)}`,
        companyId: customerCompany,
        createdByName: 'test',
        status: 'quoted',
        currency: currency!.code,
        paymentMethodType: method!.code,
        serviceCenterId: center!.id,
        pickupAddress: address as never,
        billingAddress: address as never,
        totalMinor: 100,
        acceptedTermsVersion: '1',
      })
      .returning({ id: orders.id, status: orders.status });
    await db()
      .insert(orderEvents)
      .values({ orderId: order!.id, action: 'create', status: 'quoted', actorName: 't' });
    const status = 'paid';
    await db().insert(orderEvents).values({ orderId: order!.id, action: 'test', status, actorName: 'test' });
    await run();
    expect(await told('customer-engineering-manager', String(order!.id))).toEqual(['order.status-changed']);
    expect(await told('administrator', String(order!.id))).toEqual(['order.needs-action']);
  });
});

describe('the notification center', () => {
  it('pages the user’s own notifications, counts the unread and marks them read', async () => {
    const now = new Date();
    await lastBeat(own.id, new Date(now.getTime() - 61 * MINUTE - 1000));
    await run(now);
    const summary = await server.call('support-user', 'GET', '/api/Notifications/Summary');
    expect(summary.statusCode).toBe(200);
    const { unreadCount, recent } = summary.json();
    expect(unreadCount).toBeGreaterThanOrEqual(1);
    expect(recent[0].record).toEqual({ type: 'series', id: own.serialNumber });
    expect(recent[0].event).toMatchObject({ type: 'device.offline', version: 1 });
    expect(
      (await server.call('support-manager', 'GET', '/api/Notifications/Summary')).json().recent,
    ).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: recent[0].id })]));
    // Another user's id marks nothing of theirs.
    await server.call('support-manager', 'POST', '/api/Notifications/Read', { ids: [recent[0].id] });
    const page = await server.call('support-user', 'GET', '/api/Notifications?Unread=true&PageSize=10');
    expect(page.json().data.map((n: { id: number }) => n.id)).toContain(recent[0].id);
    const read = await server.call('support-user', 'POST', '/api/Notifications/Read', { upTo: recent[0].id });
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect(
      (await server.call('support-user', 'GET', '/api/Notifications?Unread=true')).json().totalCount,
    ).toBe(0);
  });

  it('tells the user’s consoles their new unread count through the hub, and nobody else’s', async () => {
    const mine = await connectConsole(server, 'support-user');
    const theirs = await connectConsole(server, 'support-manager');
    try {
      const heard = recorder(mine, [NOTIFICATIONS_HUB_EVENT]);
      const overheard = recorder(theirs, [NOTIFICATIONS_HUB_EVENT]);
      await rules('support-manager', []);
      const now = new Date();
      await lastBeat(own.id, new Date(now.getTime() - 61 * MINUTE - 2000));
      await run(now);
      expect(await heard.waitFor(NOTIFICATIONS_HUB_EVENT)).toEqual({ unreadCount: 1 });
      expect(overheard.events).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('holds back what passes the hourly cap of a rule, and says how much', async () => {
    await rules('administrator', [{ kind: 'job.failed' }]);
    for (let n = 0; n < ALERT_RULE_HOURLY_CAP + 3; n++)
      await db().insert(jobs).values({
        seriesId: own.id,
        companyId: customerCompany,
        deviceType: 'TPMS',
        workflow: 'Check',
        jobType: 1,
        jobStatus: 2,
        beginDate: new Date(),
      });
    await run();
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, await userId('administrator')));
    expect(count[0]!.n).toBe(ALERT_RULE_HOURLY_CAP);
    const answer = (await server.call('administrator', 'GET', '/api/Me/AlertRules')).json();
    expect(answer.rules[0]).toMatchObject({ kind: 'job.failed', heldBack: 3 });
  });
});

describe('alert rules', () => {
  it('answers the defaults of the user’s roles until they choose, and again after a reset', async () => {
    const answer = (await server.call('devops-user', 'GET', '/api/Me/AlertRules')).json();
    expect(answer.defaults).toBe(true);
    expect(answer.rules.map((rule: AlertRuleInput) => rule.kind)).toEqual(
      expect.arrayContaining(['rollout.stopped', 'rollout.finished']),
    );
    await rules('devops-user', [{ kind: 'device.offline', threshold: 15, channel: 'email' }]);
    const chosen = (await server.call('devops-user', 'GET', '/api/Me/AlertRules')).json();
    expect(chosen).toMatchObject({ defaults: false, rules: [{ kind: 'device.offline', threshold: 15 }] });
    const reset = (await server.call('devops-user', 'DELETE', '/api/Me/AlertRules')).json();
    expect(reset.defaults).toBe(true);
  });

  it('refuses a customer a rule on another company, and a threshold out of range, on their fields', async () => {
    const answer = await server.call('customer-engineering-manager', 'PUT', '/api/Me/AlertRules', {
      rules: [
        {
          kind: 'device.offline',
          threshold: 60,
          channel: 'console',
          companyId: other.companyId,
          enabled: true,
        },
        { kind: 'calibration.expiring', threshold: 400, channel: 'digest', companyId: null, enabled: true },
      ],
    });
    expect(answer.statusCode).toBe(400);
    const fields = (answer.json().details as { field: string }[]).map((detail) => detail.field);
    expect(fields).toContain('body.rules.1.threshold');
    const company = await server.call('customer-engineering-manager', 'PUT', '/api/Me/AlertRules', {
      rules: [
        {
          kind: 'device.offline',
          threshold: 60,
          channel: 'console',
          companyId: other.companyId,
          enabled: true,
        },
      ],
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().details).toEqual([
      expect.objectContaining({ field: 'body.rules.0.companyId', rule: { kind: 'own_company' } }),
    ]);
  });
});

describe('two nodes', () => {
  it('read each window and dispatch each event once between them', async () => {
    const second = await startTestServer({ ALERT_EVALUATE_SECONDS: '3600' }, server);
    try {
      await rules('administrator', [{ kind: 'job.failed' }]);
      for (let n = 0; n < 5; n++)
        await db().insert(jobs).values({
          seriesId: own.id,
          companyId: customerCompany,
          deviceType: 'TPMS',
          workflow: 'Check',
          jobType: 1,
          jobStatus: 2,
          beginDate: new Date(),
        });
      const before = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(fleetEvents);
      const now = new Date();
      const [a, b] = await Promise.all([server.app.alerts.runOnce(now), second.app.alerts.runOnce(now)]);
      const after = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(fleetEvents);
      const created = after[0]!.n - before[0]!.n;
      expect(created).toBeGreaterThanOrEqual(5);
      expect(a.written + b.written).toBe(created);
      expect(a.dispatched + b.dispatched).toBe(created);
      const count = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(eq(notifications.userId, await userId('administrator')));
      expect(count[0]!.n).toBe(5);
    } finally {
      await second.close();
    }
  });
});
