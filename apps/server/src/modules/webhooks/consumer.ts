import { eq, inArray } from 'drizzle-orm';
import {
  isWebhookEventType,
  webhookReceives,
  webhookThreshold,
  type FleetEventType,
  type RoleCode,
  type WebhookReach,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { userRoles, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { chunksOf } from '../../lib/chunks.ts';
import type { EventConsumer } from '../alerts/events.ts';

async function enabledEndpoints(db: Db) {
  return db
    .select({
      id: webhookEndpoints.id,
      companyId: webhookEndpoints.companyId,
      ownerId: webhookEndpoints.ownerId,
      eventTypes: webhookEndpoints.eventTypes,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true));
}

/** Each enabled endpoint with what decides what it receives: its owner's roles read now. */
async function reachOfEndpoints(db: Db): Promise<(WebhookReach & { id: number })[]> {
  const endpoints = await enabledEndpoints(db);
  const owners = [
    ...new Set(endpoints.flatMap((e) => (e.companyId === null && e.ownerId ? [e.ownerId] : []))),
  ];
  const roles = new Map<string, RoleCode[]>();
  if (owners.length)
    for (const row of await db.select().from(userRoles).where(inArray(userRoles.userId, owners)))
      roles.set(row.userId, [...(roles.get(row.userId) ?? []), row.roleCode as RoleCode]);
  return endpoints.map((endpoint) => ({
    ...endpoint,
    ownerRoles: endpoint.ownerId ? (roles.get(endpoint.ownerId) ?? []) : null,
  }));
}

/**
 * The webhooks' use of the events (docs/notifications.md "Webhooks"): one pending delivery per event and
 * endpoint that receives it, made in the transaction that dispatches the event, so made exactly once.
 * Off while the WEBHOOKS feature is switched off on this server.
 */
export function webhookConsumer(disabledFeatures: ReadonlySet<string>): EventConsumer {
  const off = disabledFeatures.has('WEBHOOKS');
  return {
    name: 'webhooks',
    async wants(db) {
      if (off) return new Set();
      const types = (await enabledEndpoints(db)).flatMap((endpoint) => endpoint.eventTypes);
      return new Set<FleetEventType>(types.filter(isWebhookEventType));
    },
    async thresholds(db) {
      const wanted = await this.wants(db);
      return new Map(
        [...wanted].flatMap((type) => {
          const threshold = webhookThreshold(type);
          return threshold === null ? [] : [[type, [threshold]] as const];
        }),
      );
    },
    async consume(tx, events) {
      if (off) return;
      const endpoints = await reachOfEndpoints(tx);
      const rows = events.flatMap((event) =>
        endpoints
          .filter((endpoint) => webhookReceives(endpoint, event))
          .map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id })),
      );
      for (const batch of chunksOf(rows))
        await tx.insert(webhookDeliveries).values(batch).onConflictDoNothing();
    },
  };
}
