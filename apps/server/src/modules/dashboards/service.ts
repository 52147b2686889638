import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Dashboard,
  DashboardListAnswer,
  DashboardWidget,
  WidgetDataAnswer,
  dashboardInputSchema,
  dashboardUpdateSchema,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { dashboards, dashboardViews, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { widgetData, type WidgetContext } from './data.ts';

type DashboardInput = z.output<typeof dashboardInputSchema>;
type DashboardUpdate = z.output<typeof dashboardUpdateSchema>;

/**
 * Whose dashboards a user shares: the maker's staff (who see the whole fleet) share those of no company,
 * everybody else their company's. A user of neither has none.
 */
function ownDashboards(user: SignedInUser): SQL {
  if (user.wholeFleet) return isNull(dashboards.companyId);
  return user.companyId ? eq(dashboards.companyId, user.companyId) : sql`false`;
}

function ownerCompany(user: SignedInUser): string | null {
  if (user.wholeFleet) return null;
  if (!user.companyId) throw conflict('Your account belongs to no company: dashboards are a company’s');
  return user.companyId;
}

type DashboardRow = typeof dashboards.$inferSelect & { updatedByName: string | null };

const toDashboard = (row: DashboardRow): Dashboard => ({
  id: row.id,
  name: row.name,
  widgets: row.widgets,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedByName,
});

export async function listDashboards(db: Db, user: SignedInUser): Promise<DashboardListAnswer> {
  const rows = await db
    .select({
      id: dashboards.id,
      name: dashboards.name,
      widgets: dashboards.widgets,
      updatedAt: dashboards.updatedAt,
    })
    .from(dashboards)
    .where(ownDashboards(user))
    .orderBy(asc(dashboards.name), asc(dashboards.id));
  const [view] = await db
    .select({ dashboardId: dashboardViews.dashboardId })
    .from(dashboardViews)
    .where(eq(dashboardViews.userId, user.id));
  const lastViewed = rows.some((row) => row.id === view?.dashboardId) ? view!.dashboardId : null;
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      widgetCount: row.widgets.length,
      updatedAt: row.updatedAt.toISOString(),
    })),
    lastViewed,
  };
}

async function findDashboard(db: Db, user: SignedInUser, id: number): Promise<DashboardRow> {
  const [row] = await db
    .select({ dashboard: dashboards, updatedByName: users.name })
    .from(dashboards)
    .leftJoin(users, eq(users.id, dashboards.updatedBy))
    .where(and(eq(dashboards.id, id), ownDashboards(user)));
  if (!row) throw notFound(`No dashboard ${id}`);
  return { ...row.dashboard, updatedByName: row.updatedByName };
}

/** Opening a dashboard makes it the one this user opens next time. */
export async function openDashboard(db: Db, user: SignedInUser, id: number): Promise<Dashboard> {
  const row = await findDashboard(db, user, id);
  await db
    .insert(dashboardViews)
    .values({ userId: user.id, dashboardId: id })
    .onConflictDoUpdate({ target: dashboardViews.userId, set: { dashboardId: id } });
  return toDashboard(row);
}

export async function createDashboard(db: Db, user: SignedInUser, input: DashboardInput): Promise<Dashboard> {
  const companyId = ownerCompany(user);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dashboards)
      .values({ companyId, name: input.name, widgets: input.widgets, updatedBy: user.id })
      .returning({ id: dashboards.id });
    await recordAudit(tx, user, {
      action: 'dashboard.create',
      subjectType: 'dashboard',
      subjectId: String(row!.id),
      details: { name: input.name, widgets: input.widgets.length },
    });
    return row!.id;
  });
  return findDashboard(db, user, id).then(toDashboard);
}

export async function updateDashboard(
  db: Db,
  user: SignedInUser,
  id: number,
  input: DashboardUpdate,
): Promise<Dashboard> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.id, id), ownDashboards(user)))
      .for('update');
    if (!before) throw notFound(`No dashboard ${id}`);
    if (before.version !== input.version)
      throw conflict(
        `${before.name} was saved by someone else meanwhile: reload it, then make your change again`,
      );
    await tx
      .update(dashboards)
      .set({
        name: input.name,
        widgets: input.widgets,
        version: before.version + 1,
        updatedAt: new Date(),
        updatedBy: user.id,
      })
      .where(eq(dashboards.id, id));
    await recordAudit(tx, user, {
      action: 'dashboard.update',
      subjectType: 'dashboard',
      subjectId: String(id),
      details: { name: input.name, before: before.widgets.length, after: input.widgets.length },
    });
  });
  return findDashboard(db, user, id).then(toDashboard);
}

export async function deleteDashboard(db: Db, user: SignedInUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(dashboards)
      .where(and(eq(dashboards.id, id), ownDashboards(user)))
      .returning({ name: dashboards.name });
    if (!removed) throw notFound(`No dashboard ${id}`);
    await recordAudit(tx, user, {
      action: 'dashboard.delete',
      subjectType: 'dashboard',
      subjectId: String(id),
      details: { name: removed.name },
    });
  });
}

/** Every widget's numbers at once, each counted by the database in parallel over the user's scope. */
export async function dashboardData(
  db: Db,
  widgets: DashboardWidget[],
  context: WidgetContext,
): Promise<WidgetDataAnswer> {
  return { data: await Promise.all(widgets.map((widget) => widgetData(db, widget, context))) };
}
