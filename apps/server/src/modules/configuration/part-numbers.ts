import { eq, sql } from 'drizzle-orm';
import { SEARCH_MAX_LENGTH, type PartNumberSummary } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { partNumbers, serialRanges, series } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/list-request.ts';

const PAGE = 50;

/**
 * The part numbers the devices carry, with their device types and makers, how many devices carry each and
 * how many are activated, and how many serial ranges each has; 50 a page by part number.
 */
export async function listPartNumbers(db: Db, search: string | undefined, page: number) {
  if (search && search.length > SEARCH_MAX_LENGTH)
    throw badRequest(`Invalid query.Search: must be at most ${SEARCH_MAX_LENGTH} characters`, [
      {
        field: 'query.Search',
        message: `must be at most ${SEARCH_MAX_LENGTH} characters`,
        rule: { kind: 'too_long' },
      },
    ]);
  const where = search ? sql`where s.part_number ilike ${containsPattern(search)}` : sql``;
  const grouped = sql`select s.part_number,
      array_agg(distinct s.device_type order by s.device_type) as device_types,
      array_agg(distinct s.maker order by s.maker) as makers,
      count(*)::int as device_count,
      count(s.activation_date)::int as activated_count,
      (select count(*)::int from serial_ranges r where r.part_number = s.part_number) as range_count,
      (select p.description from part_numbers p where p.part_number = s.part_number) as description
    from series s ${where} group by s.part_number`;
  type Row = {
    part_number: string;
    device_types: string[];
    makers: string[];
    device_count: number;
    activated_count: number;
    range_count: number;
    description: string | null;
  };
  const [rows, totals] = (await Promise.all([
    db.execute(sql`${grouped} order by s.part_number limit ${PAGE} offset ${(page - 1) * PAGE}`),
    db.execute(sql`select count(distinct s.part_number)::int as n from series s ${where}`),
  ])) as unknown as [{ rows: Row[] }, { rows: { n: number }[] }];
  const partNumbers: PartNumberSummary[] = rows.rows.map((row) => ({
    partNumber: row.part_number,
    deviceTypes: row.device_types,
    makers: row.makers,
    deviceCount: row.device_count,
    activatedCount: row.activated_count,
    rangeCount: row.range_count,
    description: row.description,
  }));
  return { partNumbers, totalCount: totals.rows[0]?.n ?? 0 };
}

/**
 * Sets (or, empty, clears) a part number's description, with its audit entry; 404 for a part number no
 * device carries and no serial range names.
 */
export async function describePartNumber(
  db: Db,
  user: SignedInUser,
  partNumber: string,
  description: string,
) {
  const [[device], [range]] = await Promise.all([
    db.select({ id: series.id }).from(series).where(eq(series.partNumber, partNumber)).limit(1),
    db
      .select({ id: serialRanges.id })
      .from(serialRanges)
      .where(eq(serialRanges.partNumber, partNumber))
      .limit(1),
  ]);
  if (!device && !range) throw notFound(`No device or serial range has the part number ${partNumber}`);
  await db.transaction(async (tx) => {
    const [previous] = await tx.delete(partNumbers).where(eq(partNumbers.partNumber, partNumber)).returning();
    if (description)
      await tx
        .insert(partNumbers)
        .values({ partNumber, description, updatedAt: new Date(), updatedBy: user.name });
    await recordAudit(tx, user, {
      action: 'part-number.update',
      subjectType: 'part-number',
      subjectId: partNumber,
      details: { changes: { description: { from: previous?.description ?? null, to: description || null } } },
    });
  });
}
