import { and, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  FLEET_EVENT_TYPES,
  NOTIFICATION_PANEL_SIZE,
  canSubscribe,
  defaultAlertRules,
  type AlertRule,
  type AlertRuleInput,
  type AlertRulesAnswer,
  type Notification,
  type NotificationListAnswer,
  type NotificationSummary,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { alertPreferences, alertRules, companies, fleetEvents, notifications } from '../../db/schema.ts';
import { invalid, type FieldProblem } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPage,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { fleetEventOf } from './events.ts';

export const NOTIFICATION_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['CreatedAt']),
  { name: 'Unread', description: 'Only the notifications not read yet.', values: ['true', 'false'] },
  { name: 'Type', description: 'Only these event types.', values: FLEET_EVENT_TYPES, repeatable: true },
];

const columns = {
  id: notifications.id,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  event: fleetEvents,
};

function notificationOf(row: {
  id: number;
  createdAt: Date;
  readAt: Date | null;
  event: typeof fleetEvents.$inferSelect;
}): Notification {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    event: fleetEventOf(row.event),
    record: { type: row.event.recordType, id: row.event.recordId },
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The unread counts of these users (the bell's), for those who have any notification at all. */
export async function unreadCounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.n);
  return counts;
}

/** The notifications page: the user's own, newest first. */
export async function listNotifications(
  db: Db,
  user: SignedInUser,
  raw: RawQuery,
): Promise<NotificationListAnswer> {
  const query = new ListQuery(raw, NOTIFICATION_QUERY);
  const paging = offsetPaging(query, ['CreatedAt']);
  const unread = query.boolean('Unread');
  const types = query.choices('Type', FLEET_EVENT_TYPES);
  query.check();
  const conditions: (SQL | undefined)[] = [eq(notifications.userId, user.id)];
  if (unread) conditions.push(isNull(notifications.readAt));
  if (types.length) conditions.push(inArray(fleetEvents.type, types));
  const where = and(...conditions);
  const order = paging.sortOrder === 'ASC' ? sql`asc` : sql`desc`;
  const { rows, total } = await offsetPage(
    db
      .select(columns)
      .from(notifications)
      .innerJoin(fleetEvents, eq(fleetEvents.id, notifications.eventId))
      .where(where)
      .orderBy(sql`${notifications.id} ${order}`),
    db
      .select({ n: count() })
      .from(notifications)
      .innerJoin(fleetEvents, eq(fleetEvents.id, notifications.eventId))
      .where(where),
    paging,
  );
  return { data: rows.map(notificationOf), totalCount: total, unreadCount: await unreadCount(db, user.id) };
}

/** The bell: the unread count and the most recent notifications. */
export async function notificationSummary(db: Db, user: SignedInUser): Promise<NotificationSummary> {
  const recent = await db
    .select(columns)
    .from(notifications)
    .innerJoin(fleetEvents, eq(fleetEvents.id, notifications.eventId))
    .where(eq(notifications.userId, user.id))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_PANEL_SIZE);
  return { unreadCount: await unreadCount(db, user.id), recent: recent.map(notificationOf) };
}

/** Marks some of the user's notifications read, or all up to one; answers the unread count left. */
export async function markRead(
  db: Db,
  user: SignedInUser,
  which: { ids: number[] } | { upTo: number },
): Promise<{ unreadCount: number }> {
  const chosen = 'ids' in which ? inArray(notifications.id, which.ids) : lte(notifications.id, which.upTo);
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt), chosen));
  return { unreadCount: await unreadCount(db, user.id) };
}

// ---- Rules ----

export async function alertRulesOf(db: Db, user: SignedInUser): Promise<AlertRulesAnswer> {
  const [saved] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, user.id));
  if (!saved)
    return {
      defaults: true,
      rules: defaultAlertRules(user.roles).map((rule, index) => ({ ...rule, id: -(index + 1), heldBack: 0 })),
    };
  const rows = await db
    .select()
    .from(alertRules)
    .where(eq(alertRules.userId, user.id))
    .orderBy(alertRules.id);
  const hourAgo = Date.now() - 3_600_000;
  return {
    defaults: false,
    rules: rows.map((row): AlertRule => ({
      id: row.id,
      kind: row.kind as AlertRule['kind'],
      threshold: row.threshold,
      channel: row.channel,
      companyId: row.companyId,
      enabled: row.enabled,
      heldBack: row.heldBackSince && row.heldBackSince.getTime() > hourAgo ? row.heldBack : 0,
    })),
  };
}

/** 400 naming each rule the user may not have: a kind outside their rights, a company not theirs or unknown. */
async function checkRules(db: Db, user: SignedInUser, rules: readonly AlertRuleInput[]): Promise<void> {
  const problems: FieldProblem[] = [];
  const named = [...new Set(rules.flatMap((rule) => (rule.companyId ? [rule.companyId] : [])))];
  const known = new Set(
    named.length
      ? (await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, named))).map(
          (c) => c.id,
        )
      : [],
  );
  rules.forEach((rule, index) => {
    if (!canSubscribe(rule.kind, user.roles))
      problems.push({
        field: `body.rules.${index}.kind`,
        message: 'is not within your rights',
        rule: { kind: 'unavailable' },
      });
    if (rule.companyId === null) return;
    if (!user.wholeFleet && rule.companyId !== user.companyId)
      problems.push({
        field: `body.rules.${index}.companyId`,
        message: 'is not your company',
        rule: { kind: 'own_company' },
      });
    else if (!known.has(rule.companyId))
      problems.push({
        field: `body.rules.${index}.companyId`,
        message: 'is not a known company',
        rule: { kind: 'unknown' },
      });
  });
  if (problems.length) throw invalid(problems);
}

/** Replaces the user's rules with these; from then on they are the user's own, not the defaults. */
export async function saveAlertRules(
  db: Db,
  user: SignedInUser,
  rules: readonly AlertRuleInput[],
): Promise<AlertRulesAnswer> {
  await checkRules(db, user, rules);
  await db.transaction(async (tx) => {
    await tx.delete(alertRules).where(eq(alertRules.userId, user.id));
    if (rules.length) await tx.insert(alertRules).values(rules.map((rule) => ({ ...rule, userId: user.id })));
    await tx
      .insert(alertPreferences)
      .values({ userId: user.id })
      .onConflictDoUpdate({ target: alertPreferences.userId, set: { savedAt: sql`now()` } });
  });
  return alertRulesOf(db, user);
}

/** Back to the defaults of the user's roles. */
export async function resetAlertRules(db: Db, user: SignedInUser): Promise<AlertRulesAnswer> {
  await db.transaction(async (tx) => {
    await tx.delete(alertRules).where(eq(alertRules.userId, user.id));
    await tx.delete(alertPreferences).where(eq(alertPreferences.userId, user.id));
  });
  return alertRulesOf(db, user);
}
