import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  RIGHTS_USER_SORT_COLUMNS,
  ROLE_CATALOGUE,
  ROLE_CODES,
  USER_GROUPS_MAX,
  rightsChangeProblems,
  type RightsUser,
  type RightsUserBody,
  type UserPlacementBody,
  type RoleCode,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { missingReferences } from '../../db/references.ts';
import { companies, deviceGroups, userGroups, userRoles, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

export const RIGHTS_USER_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(RIGHTS_USER_SORT_COLUMNS),
  { name: 'Search', description: 'Text in the name, username or e-mail.' },
  { name: 'Company', description: "The company's id.", repeatable: true },
  { name: 'Role', description: 'Users holding one of these roles.', values: ROLE_CODES, repeatable: true },
  { name: 'Group', description: 'Users of one of these device groups.', repeatable: true, integer: true },
];

// Spelled out: inside a select list drizzle leaves the outer table's columns unqualified.
const rolesOf = sql<
  RoleCode[]
>`(select coalesce(json_agg("user_roles"."role_code" order by "user_roles"."role_code"), '[]'::json) from "user_roles" where "user_roles"."user_id" = "users"."id")`;
const groupIdsOf = sql<
  number[]
>`(select coalesce(json_agg("user_groups"."group_id" order by "user_groups"."group_id"), '[]'::json) from "user_groups" where "user_groups"."user_id" = "users"."id")`;

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  companyId: users.companyId,
  roles: rolesOf,
  groupIds: groupIdsOf,
  lastSeenAt: users.lastSeenAt,
  demo: users.demo,
};

type UserRow = { lastSeenAt: Date | null } & Omit<RightsUser, 'lastSeenAt'>;
const toUser = (row: UserRow): RightsUser => ({ ...row, lastSeenAt: row.lastSeenAt?.toISOString() ?? null });

function userConditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(query, [users.name, users.username, users.email]);
  if (search) where.push(search);
  const companyIds = query.all('Company');
  if (companyIds.some((id) => !isUuid(id))) query.problem('Company', 'must be company ids');
  else if (companyIds.length) where.push(inArray(users.companyId, companyIds));
  const roles = query.choices('Role', ROLE_CODES);
  if (roles.length)
    where.push(
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.roleCode, roles)})`,
    );
  const groups = query.ids('Group');
  if (groups.length)
    where.push(
      sql`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${inArray(userGroups.groupId, groups)})`,
    );
  return where;
}

/** Users found by name, username or e-mail, filtered by company, role and group. */
export async function listRightsUsers(db: Db, raw: RawQuery) {
  const query = new ListQuery(raw, RIGHTS_USER_QUERY);
  const paging = offsetPaging(query, RIGHTS_USER_SORT_COLUMNS);
  const where = and(...userConditions(query));
  query.check();
  const direction = paging.sortOrder === 'DESC' ? desc : asc;
  const order =
    paging.sortColumnName === 'LastSeen'
      ? [sql`${users.lastSeenAt} ${sql.raw(paging.sortOrder === 'DESC' ? 'desc' : 'asc')} nulls last`]
      : [direction(paging.sortColumnName === 'Username' ? users.username : users.name)];
  const { rows, total } = await offsetPage(
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.id)),
    db.select({ n: count() }).from(users).where(where),
    paging,
  );
  return { users: rows.map(toUser), totalCount: total };
}

export async function getRightsUser(db: Db, id: string): Promise<RightsUser> {
  const [row] = isUuid(id) ? await db.select(userColumns).from(users).where(eq(users.id, id)) : [];
  if (!row) throw notFound(`No user ${id}`);
  return toUser(row);
}

/** The company and groups a change names must exist: 400 naming the field otherwise. */
async function referencesOf(db: Db, body: RightsUserBody) {
  const problems = await missingReferences(db, { companyId: body.companyId, groupIds: body.groupIds });
  if (problems.length) throw invalid(problems);
  const [company] = body.companyId
    ? await db.select({ kind: companies.kind }).from(companies).where(eq(companies.id, body.companyId))
    : [];
  return { companyKind: company?.kind ?? null };
}

/** Refuses a change that breaks a rule of rights, with the rule's own status. */
function ensureAllowedChange(problems: ReturnType<typeof rightsChangeProblems>) {
  const first = problems[0];
  if (!first) return;
  const same = problems.filter((problem) => problem.status === first.status);
  const message = same.map((problem) => problem.message).join('; ');
  if (first.status === 403) throw forbidden(message);
  if (first.status === 409) throw conflict(message);
  throw badRequest(
    `Invalid ${first.field}: ${message}`,
    same.map(({ field, message }) => ({ field, message })),
  );
}

const sorted = <T>(values: readonly T[]) => [...values].sort();

/**
 * Changes a user's roles, company and groups (docs/company-tools.md) with its audit entry, in one
 * transaction. Answers the user as they are now; `changed` says whether anything was written.
 */
export async function changeUserRights(
  db: Db,
  actor: SignedInUser,
  id: string,
  body: RightsUserBody,
): Promise<{ user: RightsUser; changed: boolean }> {
  const current = await getRightsUser(db, id);
  const { companyKind } = await referencesOf(db, body);
  ensureAllowedChange(
    rightsChangeProblems({
      actor: { id: actor.id, roles: actor.roles },
      target: { id, roles: current.roles },
      roles: body.roles,
      companyKind,
    }),
  );
  const before = {
    roles: sorted(current.roles),
    companyId: current.companyId,
    groupIds: sorted(current.groupIds),
  };
  const after = { roles: sorted(body.roles), companyId: body.companyId, groupIds: sorted(body.groupIds) };
  if (JSON.stringify(before) === JSON.stringify(after)) return { user: current, changed: false };
  await db.transaction(async (tx) => {
    await tx.update(users).set({ companyId: body.companyId }).where(eq(users.id, id));
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    if (body.roles.length)
      await tx.insert(userRoles).values(body.roles.map((roleCode) => ({ userId: id, roleCode })));
    await tx.delete(userGroups).where(eq(userGroups.userId, id));
    if (body.groupIds.length)
      await tx.insert(userGroups).values(body.groupIds.map((groupId) => ({ userId: id, groupId })));
    await recordAudit(tx, actor, {
      action: 'user.rights',
      subjectType: 'user',
      subjectId: id,
      details: { name: current.name, username: current.username, before, after },
    });
  });
  return { user: await getRightsUser(db, id), changed: true };
}

/** Moves a user to another company and/or groups, roles untouched (Configuration's users), by the same rules. */
export async function placeUser(db: Db, actor: SignedInUser, id: string, placement: UserPlacementBody) {
  const current = await getRightsUser(db, id);
  return changeUserRights(db, actor, id, { roles: current.roles, ...placement });
}

/**
 * Adds a user to a device group or takes them out (the group's page), roles and company untouched, by the
 * rules of rights management. Nothing is written when the user is in (or out of) the group already.
 */
export async function changeGroupMembership(
  db: Db,
  actor: SignedInUser,
  groupId: number,
  userId: string,
  member: boolean,
) {
  const [group] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(eq(deviceGroups.id, groupId));
  if (!group) throw notFound(`No device group ${groupId}`);
  const current = await getRightsUser(db, userId);
  const groupIds = member
    ? [...new Set([...current.groupIds, groupId])]
    : current.groupIds.filter((id) => id !== groupId);
  // The rights dialog's own bound: a member of as many groups as a user may be joins no other.
  if (groupIds.length > USER_GROUPS_MAX)
    throw invalid([
      {
        field: 'params.userId',
        message: `is in ${USER_GROUPS_MAX} groups already, as many as a user may be`,
        rule: { kind: 'too_many', limit: USER_GROUPS_MAX },
      },
    ]);
  return changeUserRights(db, actor, userId, {
    roles: current.roles,
    companyId: current.companyId,
    groupIds,
  });
}

/** The role catalogue with how many users hold each role. */
export async function roleSummaries(db: Db) {
  const counts = await db
    .select({ code: userRoles.roleCode, n: count() })
    .from(userRoles)
    .groupBy(userRoles.roleCode);
  return {
    roles: ROLE_CATALOGUE.map((role) => ({
      code: role.code,
      kind: role.kind,
      userCount: counts.find((row) => row.code === role.code)?.n ?? 0,
    })),
  };
}
