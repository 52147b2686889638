import { eq, inArray } from 'drizzle-orm';
import type { FieldProblem } from '../lib/errors.ts';
import type { Db } from './client.ts';
import { companies, deviceGroups } from './schema.ts';

/** The company and device groups a request body names (absent or null: none named). */
export interface References {
  companyId?: string | null | undefined;
  groupId?: number | null | undefined;
  groupIds?: readonly number[] | undefined;
}

/**
 * The one reference check: each company or device group the body names must exist, else a problem
 * naming its field. None when everything named exists.
 */
export async function missingReferences(db: Db, references: References): Promise<FieldProblem[]> {
  const { companyId, groupId, groupIds = [] } = references;
  const wantedGroups = [...new Set([...(groupId ? [groupId] : []), ...groupIds])];
  const [company, groups] = await Promise.all([
    companyId
      ? db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))
      : Promise.resolve(null),
    wantedGroups.length
      ? db.select({ id: deviceGroups.id }).from(deviceGroups).where(inArray(deviceGroups.id, wantedGroups))
      : Promise.resolve([]),
  ]);
  const UNKNOWN = { kind: 'unknown' } as const;
  const known = new Set(groups.map((group) => group.id));
  const problems: FieldProblem[] = [];
  if (company?.length === 0)
    problems.push({ field: 'body.companyId', message: 'is not a known company', rule: UNKNOWN });
  if (groupId && !known.has(groupId))
    problems.push({ field: 'body.groupId', message: 'is not a known device group', rule: UNKNOWN });
  const missing = groupIds.filter((id) => !known.has(id));
  if (missing.length)
    problems.push({
      field: 'body.groupIds',
      message: `${missing.join(', ')}: no such device group`,
      rule: UNKNOWN,
    });
  return problems;
}
