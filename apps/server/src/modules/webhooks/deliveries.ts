import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { FLEET_EVENT_VERSION, type FleetEventPayload, type WebhookDisabledReason } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { fleetEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { FleetEventRow } from '../alerts/events.ts';
import { DISABLE_AFTER_FAILED_DELIVERIES, DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './retries.ts';
import type { SendResult } from './send.ts';

/** A delivery a node holds by its lease, with what it needs to send it. */
export interface ClaimedDelivery {
  id: number;
  /** This one included. */
  attempts: number;
  firstAttemptAt: Date;
  endpoint: { id: number; url: string; secret: string };
  event: FleetEventRow;
}

const ids = (result: unknown) =>
  ((result as { rows: { id: number | string }[] }).rows ?? []).map((row) => Number(row.id));

/**
 * Takes up to `limit` due deliveries of enabled endpoints under a lease (`FOR UPDATE SKIP LOCKED`, as
 * the task queue does): pending ones whose time came, and those whose node's lease ran out (it died).
 */
export async function claimDue(
  db: Db,
  node: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const until = new Date(now.getTime() + leaseMs);
  const claimed = ids(
    await db.execute(sql`
      update webhook_deliveries d set status = 'delivering', locked_by = ${node},
        locked_until = ${until.toISOString()}::timestamptz, attempts = d.attempts + 1,
        first_attempt_at = coalesce(d.first_attempt_at, ${now.toISOString()}::timestamptz)
      where d.id in (
        select c.id from webhook_deliveries c join webhook_endpoints e on e.id = c.endpoint_id
        where e.enabled and (
          (c.status = 'pending' and c.next_attempt_at <= ${now.toISOString()}::timestamptz)
          or (c.status = 'delivering' and c.locked_until < ${now.toISOString()}::timestamptz))
        order by c.next_attempt_at, c.id
        limit ${limit}
        for update of c skip locked)
      returning d.id`),
  );
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      endpoint: { id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret },
      event: fleetEvents,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(fleetEvents, eq(fleetEvents.id, webhookDeliveries.eventId))
    .where(and(inArray(webhookDeliveries.id, claimed), eq(webhookDeliveries.lockedBy, node)));
  return rows.map(({ delivery, endpoint, event }) => ({
    id: delivery.id,
    attempts: delivery.attempts,
    firstAttemptAt: delivery.firstAttemptAt ?? now,
    endpoint,
    event,
  }));
}

/** Hands a delivery back untried (the server stops): any node sends it at its next turn. */
export async function releaseDelivery(db: Db, id: number, node: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      lockedBy: null,
      lockedUntil: null,
      attempts: sql`${webhookDeliveries.attempts} - 1`,
    })
    .where(held(id, node));
}

const held = (id: number, node: string) =>
  and(
    eq(webhookDeliveries.id, id),
    eq(webhookDeliveries.lockedBy, node),
    eq(webhookDeliveries.status, 'delivering'),
  );

export type DeliveryOutcome = 'delivered' | 'pending' | 'failed' | 'lost';

/**
 * Records an attempt and what follows from it, in one transaction: delivered (a 2xx), sent again later,
 * or failed for good; the endpoint's failures counted, and the endpoint turned off past their limit.
 * `lost`: the lease had run out and another node holds the delivery now.
 */
export async function recordAttempt(
  db: Db,
  node: string,
  claimed: ClaimedDelivery,
  result: SendResult,
  now: Date,
): Promise<DeliveryOutcome> {
  return db.transaction(async (tx) => {
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const next = ok ? null : nextAttemptAt(claimed.attempts, claimed.firstAttemptAt, now);
    const status = ok ? 'delivered' : next ? 'pending' : 'failed';
    const [mine] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        lockedBy: null,
        lockedUntil: null,
        nextAttemptAt: next ?? now,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        deliveredAt: ok ? now : null,
      })
      .where(held(claimed.id, node))
      .returning({ id: webhookDeliveries.id });
    const [exists] = mine
      ? [mine]
      : await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, claimed.id));
    // An endpoint deleted meanwhile took its deliveries with it: nothing is left to record.
    if (!exists) return 'lost';
    await tx.insert(webhookAttempts).values({
      deliveryId: claimed.id,
      at: now,
      statusCode: result.statusCode,
      error: result.error,
      durationMs: result.durationMs,
      responseExcerpt: result.responseExcerpt,
    });
    if (!mine) return 'lost';
    await countOutcome(tx, claimed.endpoint.id, status, now);
    return status;
  });
}

/** An endpoint's failures: forgotten at a success, counted otherwise, and past their limit it is off. */
async function countOutcome(tx: Db, endpointId: number, status: DeliveryOutcome, now: Date) {
  const endpoint = eq(webhookEndpoints.id, endpointId);
  if (status === 'delivered') {
    await tx.update(webhookEndpoints).set({ consecutiveFailures: 0, failingSince: null }).where(endpoint);
    return;
  }
  const [counted] = await tx
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + ${status === 'failed' ? 1 : 0}`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(endpoint)
    .returning();
  if (!counted?.enabled) return;
  const reason: WebhookDisabledReason | null =
    counted.consecutiveFailures >= DISABLE_AFTER_FAILED_DELIVERIES
      ? 'consecutive-failures'
      : now.getTime() - (counted.failingSince ?? now).getTime() >= DISABLE_AFTER_FAILING_MS
        ? 'failing-for-a-day'
        : null;
  if (reason) await disableEndpoint(tx, counted, reason, now);
}

/** Turns an endpoint off and tells its owner (a `webhook.disabled` event of theirs alone). */
async function disableEndpoint(
  tx: Db,
  endpoint: typeof webhookEndpoints.$inferSelect,
  reason: WebhookDisabledReason,
  now: Date,
) {
  const [turnedOff] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!turnedOff || !endpoint.ownerId) return;
  const [failed] = await tx
    .select({ n: count() })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        gte(webhookAttempts.at, endpoint.failingSince ?? now),
      ),
    );
  const data: FleetEventPayload<'webhook.disabled'> = {
    endpointId: endpoint.id,
    url: endpoint.url,
    failures: failed?.n ?? 0,
  };
  await tx
    .insert(fleetEvents)
    .values({
      type: 'webhook.disabled',
      version: FLEET_EVENT_VERSION,
      occurredAt: now,
      companyId: endpoint.companyId,
      ownerId: endpoint.ownerId,
      recordType: 'webhook',
      recordId: String(endpoint.id),
      data,
      dedupeKey: `webhook.disabled:${endpoint.id}:${now.toISOString()}`,
    })
    .onConflictDoNothing();
}

/** Deliveries kept this long once delivered or failed, with their attempts. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;

export async function pruneDeliveries(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(
      and(
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - DELIVERY_RETENTION_MS)),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
