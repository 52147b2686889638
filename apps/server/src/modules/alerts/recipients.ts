import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  ALERT_KINDS,
  ALERT_RULE_HOURLY_CAP,
  FLEET_EVENTS,
  ROLE_CODES,
  alertThreshold,
  canSubscribe,
  defaultAlertRules,
  reachesUser,
  type AlertChannel,
  type AlertRuleInput,
  type AlertKind,
  type FleetEventType,
  type RoleCode,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { alertPreferences, alertRules, notifications, userRoles, users } from '../../db/schema.ts';
import type { EventConsumer, FleetEventRow } from './events.ts';

const HOUR_MS = 3_600_000;

interface NewNotification {
  userId: string;
  eventId: number;
  ruleId: number | null;
  channel: AlertChannel;
}

/** A rule in force for a user: one of their own (with its id), or one of their roles' defaults. */
export interface Subscription {
  ruleId: number | null;
  userId: string;
  userCompanyId: string | null;
  roles: readonly RoleCode[];
  kind: AlertKind;
  threshold: number | null;
  channel: AlertChannel;
  companyId: string | null;
}

/** Every kind some role hears of by default: wanted while a user still has the defaults. */
const DEFAULT_KINDS = new Set<AlertKind>(
  ROLE_CODES.flatMap((role) => defaultAlertRules([role]).map((rule) => rule.kind)),
);

async function rolesOf(db: Db, userIds: readonly string[]): Promise<Map<string, RoleCode[]>> {
  const byUser = new Map<string, RoleCode[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.roleCode })
    .from(userRoles)
    .where(inArray(userRoles.userId, [...userIds]));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.role as RoleCode]);
  return byUser;
}

/** The rules in force for these event types: users' own, and the defaults of users who chose none. */
export async function subscriptionsFor(db: Db, kinds: readonly AlertKind[]): Promise<Subscription[]> {
  if (kinds.length === 0) return [];
  const own = await db
    .select({
      ruleId: alertRules.id,
      userId: alertRules.userId,
      userCompanyId: users.companyId,
      kind: alertRules.kind,
      threshold: alertRules.threshold,
      channel: alertRules.channel,
      companyId: alertRules.companyId,
    })
    .from(alertRules)
    .innerJoin(users, eq(users.id, alertRules.userId))
    .where(and(eq(alertRules.enabled, true), inArray(alertRules.kind, [...kinds])));
  const choseNone = await db
    .select({ userId: users.id, userCompanyId: users.companyId })
    .from(users)
    .leftJoin(alertPreferences, eq(alertPreferences.userId, users.id))
    .where(isNull(alertPreferences.userId));
  const roles = await rolesOf(db, [...new Set([...own, ...choseNone].map((row) => row.userId))]);
  const subscriptions: Subscription[] = own.map((row) => ({
    ...row,
    kind: row.kind as AlertKind,
    roles: roles.get(row.userId) ?? [],
  }));
  const defaults = new Map<string, AlertRuleInput[]>();
  for (const user of choseNone) {
    const userRolesOf = roles.get(user.userId) ?? [];
    const key = [...userRolesOf].sort().join(',');
    if (!defaults.has(key)) defaults.set(key, defaultAlertRules(userRolesOf));
    for (const rule of defaults.get(key)!)
      if (kinds.includes(rule.kind))
        subscriptions.push({ ...rule, ruleId: null, ...user, roles: userRolesOf });
  }
  // A right lost since the rule was saved ends it at once.
  return subscriptions.filter((subscription) => canSubscribe(subscription.kind, subscription.roles));
}

/** Whether an event reaches a subscription in force: its kind, threshold, company and the user's reach. */
export function matches(event: FleetEventRow, subscription: Subscription): boolean {
  const type = event.type as FleetEventType;
  if (subscription.kind !== type) return false;
  if (alertThreshold(subscription.kind) && subscription.threshold !== event.threshold) return false;
  if (FLEET_EVENTS[type].reach === 'owner') return event.ownerId === subscription.userId;
  if (subscription.companyId !== null && subscription.companyId !== event.companyId) return false;
  return reachesUser(event.companyId, { roles: subscription.roles, companyId: subscription.userCompanyId });
}

const keyOf = (subscription: Pick<Subscription, 'userId' | 'ruleId' | 'kind'>) =>
  `${subscription.userId}:${subscription.ruleId ?? subscription.kind}`;

/** Notifications each rule made in the last hour, against the cap. */
async function sentThisHour(db: Db, userIds: readonly string[], now: Date): Promise<Map<string, number>> {
  const sent = new Map<string, number>();
  if (userIds.length === 0) return sent;
  const rows = await db
    .select({
      userId: notifications.userId,
      ruleId: notifications.ruleId,
      kind: sql<string>`(select type from fleet_events e where e.id = ${notifications.eventId})`,
      n: count(),
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...userIds]),
        gt(notifications.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .groupBy(notifications.userId, notifications.ruleId, sql`3`);
  for (const row of rows) {
    const key = keyOf({ userId: row.userId, ruleId: row.ruleId, kind: row.kind as AlertKind });
    sent.set(key, (sent.get(key) ?? 0) + row.n);
  }
  return sent;
}

/** Writes each user's notifications of a batch of events, at most the cap per rule and hour. */
export async function notifyUsers(
  db: Db,
  events: readonly FleetEventRow[],
  now = new Date(),
): Promise<string[]> {
  const kinds = [...new Set(events.map((event) => event.type))].filter((type): type is AlertKind =>
    Object.hasOwn(ALERT_KINDS, type),
  );
  const subscriptions = await subscriptionsFor(db, kinds);
  if (subscriptions.length === 0) return [];
  const sent = await sentThisHour(db, [...new Set(subscriptions.map((s) => s.userId))], now);
  const rows: NewNotification[] = [];
  const heldBack = new Map<number, number>();
  const told = new Set<string>();
  const byKind = new Map<string, Subscription[]>();
  for (const subscription of subscriptions) {
    const same = byKind.get(subscription.kind);
    if (same) same.push(subscription);
    else byKind.set(subscription.kind, [subscription]);
  }
  for (const event of events)
    for (const subscription of byKind.get(event.type) ?? []) {
      if (!matches(event, subscription)) continue;
      // Two rules of one user matching one event: one notification.
      const once = `${subscription.userId}:${event.id}`;
      if (told.has(once)) continue;
      told.add(once);
      const key = keyOf(subscription);
      const already = sent.get(key) ?? 0;
      if (already >= ALERT_RULE_HOURLY_CAP) {
        if (subscription.ruleId !== null)
          heldBack.set(subscription.ruleId, (heldBack.get(subscription.ruleId) ?? 0) + 1);
        continue;
      }
      sent.set(key, already + 1);
      rows.push({
        userId: subscription.userId,
        eventId: event.id,
        ruleId: subscription.ruleId,
        channel: subscription.channel,
      });
    }
  const inserted = await insertNotifications(db, rows);
  await holdBack(db, heldBack, now);
  return [...new Set(inserted.map((row) => row.userId))];
}

/** Writes notifications as four arrays, one statement however many: a busy minute makes thousands. */
async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<{ userId: string }[]> {
  if (rows.length === 0) return [];
  const result = (await db.execute(sql`insert into notifications (user_id, event_id, rule_id, channel)
    select * from unnest(${sql.param(rows.map((row) => row.userId))}::uuid[], ${sql.param(rows.map((row) => row.eventId))}::bigint[],
      ${sql.param(rows.map((row) => row.ruleId))}::integer[], ${sql.param(rows.map((row) => row.channel))}::varchar[])
    on conflict do nothing
    returning user_id as "userId"`)) as unknown as { rows: { userId: string }[] };
  return result.rows;
}

/** Counts what the cap held back on each rule, from the first held back in the last hour: one statement. */
async function holdBack(db: Db, heldBack: ReadonlyMap<number, number>, now: Date): Promise<void> {
  if (heldBack.size === 0) return;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const counts = sql.join(
    [...heldBack].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );
  await db.execute(sql`update alert_rules r set
      held_back = case when r.held_back_since > ${hourAgo} then r.held_back + v.n else v.n end,
      held_back_since = case when r.held_back_since > ${hourAgo} then r.held_back_since else ${now} end
    from (values ${counts}) as v(id, n) where r.id = v.id`);
}

/** The thresholds in force for each kind that has one: users' own and the defaults. */
export async function thresholdsInForce(db: Db): Promise<Map<FleetEventType, number[]>> {
  const rows = await db
    .selectDistinct({ kind: alertRules.kind, threshold: alertRules.threshold })
    .from(alertRules)
    .where(and(eq(alertRules.enabled, true), sql`${alertRules.threshold} is not null`));
  const byKind = new Map<FleetEventType, number[]>();
  for (const kind of Object.keys(ALERT_KINDS) as AlertKind[]) {
    const threshold = alertThreshold(kind);
    if (threshold) byKind.set(kind, [threshold.default]);
  }
  for (const row of rows) {
    const kind = row.kind as FleetEventType;
    const values = byKind.get(kind);
    if (values && !values.includes(row.threshold!)) values.push(row.threshold!);
  }
  return byKind;
}

/** The users' notifications, as a consumer of the events. */
export function notificationConsumer(tell: (userIds: string[]) => Promise<void>): EventConsumer {
  return {
    name: 'notifications',
    async wants(db) {
      const rows = await db
        .selectDistinct({ kind: alertRules.kind })
        .from(alertRules)
        .where(eq(alertRules.enabled, true));
      return new Set<FleetEventType>([...DEFAULT_KINDS, ...rows.map((row) => row.kind as FleetEventType)]);
    },
    thresholds: thresholdsInForce,
    async consume(tx, events) {
      const userIds = await notifyUsers(tx, events);
      if (userIds.length) return () => tell(userIds);
    },
  };
}
