import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERY_STATUSES,
  webhookEventTypesFor,
  webhookUrlRule,
  type WebhookAttemptList,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookUpdate,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { missingReferences } from '../../db/references.ts';
import {
  companies,
  fleetEvents,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { conflict, invalid, notFound, type FieldProblem } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPage,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import { companyScope } from '../../lib/scope.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { newWebhookSecret } from './send.ts';

const endpointColumns = {
  endpoint: webhookEndpoints,
  companyName: companies.name,
  ownerName: users.name,
};

function endpointOf(row: {
  endpoint: typeof webhookEndpoints.$inferSelect;
  companyName: string | null;
  ownerName: string | null;
}): WebhookEndpoint {
  const { endpoint } = row;
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    companyId: endpoint.companyId,
    companyName: row.companyName,
    ownerName: row.ownerName,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    consecutiveFailures: endpoint.consecutiveFailures,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

function selectEndpoints(db: Db, where: SQL | undefined) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .leftJoin(users, eq(users.id, webhookEndpoints.ownerId))
    .where(where)
    .orderBy(asc(webhookEndpoints.id));
}

/**
 * The endpoints a user manages: a customer's, their company's; the maker's staff, every one (those of
 * every company included) or one company's.
 */
export async function listEndpoints(
  db: Db,
  user: SignedInUser,
  company: string | undefined,
): Promise<WebhookEndpointList> {
  const where = and(
    companyScope(user, webhookEndpoints.companyId),
    company ? eq(webhookEndpoints.companyId, company) : undefined,
  );
  return { endpoints: (await selectEndpoints(db, where)).map(endpointOf) };
}

/** One endpoint the user manages, else 404 (another company's is not there for them). */
async function managedEndpoint(db: Db, user: SignedInUser, id: number) {
  const [row] = await selectEndpoints(
    db,
    and(eq(webhookEndpoints.id, id), companyScope(user, webhookEndpoints.companyId)),
  );
  if (!row) throw notFound('No such webhook');
  return row;
}

/** 400 naming each field the user may not set: the URL rule, types outside their rights. */
function endpointProblems(
  user: SignedInUser,
  body: Pick<WebhookCreate, 'url' | 'eventTypes'>,
  demoMode: boolean,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const urlRule = webhookUrlRule(body.url, { demoMode });
  if (urlRule)
    problems.push({ field: 'body.url', message: `is refused (${urlRule})`, rule: { kind: urlRule } });
  const allowed = new Set<string>(webhookEventTypesFor(user.roles));
  body.eventTypes.forEach((type, index) => {
    if (!allowed.has(type))
      problems.push({
        field: `body.eventTypes.${index}`,
        message: 'is not within your rights',
        rule: { kind: 'unavailable' },
      });
  });
  return problems;
}

async function companyProblems(db: Db, user: SignedInUser, companyId: string | null) {
  if (user.wholeFleet) return missingReferences(db, { companyId });
  if (companyId !== null && companyId === user.companyId) return [];
  return [
    { field: 'body.companyId', message: 'is not your company', rule: { kind: 'own_company' } } as const,
  ];
}

export async function createEndpoint(
  db: Db,
  user: SignedInUser,
  body: WebhookCreate,
  demoMode: boolean,
): Promise<WebhookCreated> {
  const problems = [
    ...endpointProblems(user, body, demoMode),
    ...(await companyProblems(db, user, body.companyId)),
  ];
  if (problems.length) throw invalid(problems);
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ ...body, ownerId: user.id, secret })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, user, {
      action: 'webhook.create',
      subjectType: 'webhook',
      subjectId: String(created!.id),
      details: { url: body.url, eventTypes: body.eventTypes, companyId: body.companyId },
    });
    return created!.id;
  });
  return { endpoint: endpointOf(await managedEndpoint(db, user, id)), secret };
}

/** Its address, types and state; turned on again, its failures are forgotten. */
export async function updateEndpoint(
  db: Db,
  user: SignedInUser,
  id: number,
  body: WebhookUpdate,
  demoMode: boolean,
): Promise<WebhookEndpoint> {
  const before = (await managedEndpoint(db, user, id)).endpoint;
  const problems = endpointProblems(user, body, demoMode);
  if (problems.length) throw invalid(problems);
  // Turned off by a person: no reason of the server's; turned on again: its failures are forgotten.
  const state =
    body.enabled === before.enabled
      ? {}
      : body.enabled
        ? { disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null }
        : { disabledReason: null, disabledAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ ...body, ...state })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, user, {
      action: 'webhook.update',
      subjectType: 'webhook',
      subjectId: String(id),
      details: { url: body.url, eventTypes: body.eventTypes, enabled: body.enabled },
    });
  });
  return endpointOf(await managedEndpoint(db, user, id));
}

export async function deleteEndpoint(db: Db, user: SignedInUser, id: number): Promise<void> {
  const { endpoint } = await managedEndpoint(db, user, id);
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, user, {
      action: 'webhook.delete',
      subjectType: 'webhook',
      subjectId: String(id),
      details: { url: endpoint.url },
    });
  });
}

/** A new signing secret, answered this once; the old one signs nothing more. */
export async function rotateSecret(db: Db, user: SignedInUser, id: number): Promise<{ secret: string }> {
  await managedEndpoint(db, user, id);
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, user, {
      action: 'webhook.rotate',
      subjectType: 'webhook',
      subjectId: String(id),
      details: {},
    });
  });
  return { secret };
}

export const DELIVERY_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['CreatedAt']),
  {
    name: 'Status',
    description: 'Only deliveries in these states.',
    values: WEBHOOK_DELIVERY_STATUSES,
    repeatable: true,
  },
];

const deliveryColumns = {
  delivery: webhookDeliveries,
  eventType: fleetEvents.type,
  occurredAt: fleetEvents.occurredAt,
};

function deliveryOf(row: {
  delivery: typeof webhookDeliveries.$inferSelect;
  eventType: string;
  occurredAt: Date;
}): WebhookDelivery {
  const { delivery } = row;
  return {
    id: delivery.id,
    eventId: String(delivery.eventId),
    eventType: row.eventType,
    occurredAt: row.occurredAt.toISOString(),
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}

/** An endpoint's deliveries, newest first (or oldest), offset-paged. */
export async function listDeliveries(
  db: Db,
  user: SignedInUser,
  id: number,
  raw: RawQuery,
): Promise<WebhookDeliveryList> {
  const query = new ListQuery(raw, DELIVERY_QUERY);
  const paging = offsetPaging(query, ['CreatedAt']);
  const statuses = query.choices('Status', WEBHOOK_DELIVERY_STATUSES);
  query.check();
  await managedEndpoint(db, user, id);
  const where = and(
    eq(webhookDeliveries.endpointId, id),
    statuses.length ? inArray(webhookDeliveries.status, statuses) : undefined,
  );
  const order = paging.sortOrder === 'ASC' ? asc(webhookDeliveries.id) : desc(webhookDeliveries.id);
  const { rows, total } = await offsetPage(
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(fleetEvents, eq(fleetEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(order),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
    paging,
  );
  return { data: rows.map(deliveryOf), totalCount: total };
}

async function managedDelivery(db: Db, user: SignedInUser, id: number, deliveryId: number) {
  await managedEndpoint(db, user, id);
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(fleetEvents, eq(fleetEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
  if (!row) throw notFound('No such delivery');
  return row;
}

/** Each time a delivery was sent, newest first. */
export async function listAttempts(
  db: Db,
  user: SignedInUser,
  id: number,
  deliveryId: number,
): Promise<WebhookAttemptList> {
  await managedDelivery(db, user, id, deliveryId);
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(desc(webhookAttempts.id));
  return {
    attempts: rows.map((row) => ({
      at: row.at.toISOString(),
      statusCode: row.statusCode,
      error: row.error,
      durationMs: row.durationMs,
      responseExcerpt: row.responseExcerpt,
    })),
  };
}

/**
 * Sends a delivery again: the same delivery (its id, its event) is due now with its retries afresh; its
 * attempts so far stay in its log. 409 while it is being sent.
 */
export async function replayDelivery(
  db: Db,
  user: SignedInUser,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await managedDelivery(db, user, id, deliveryId);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        attempts: 0,
        firstAttemptAt: null,
        nextAttemptAt: sql`now()`,
        deliveredAt: null,
      })
      .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, 'delivering')))
      .returning({ id: webhookDeliveries.id });
    if (!reset) throw conflict('This delivery is being sent: replay it once it is done');
    await recordAudit(tx, user, {
      action: 'webhook.replay',
      subjectType: 'webhook',
      subjectId: String(id),
      details: { delivery: deliveryId },
    });
  });
  return deliveryOf(await managedDelivery(db, user, id, deliveryId));
}
