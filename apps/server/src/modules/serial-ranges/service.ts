import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { SerialRange, SerialRangeBody } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { serialRanges } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

// Spelled out: inside a select list drizzle leaves the outer table's columns unqualified.
const inRange = sql`"series"."part_number" = "serial_ranges"."part_number"
  and length("series"."serial_number") = 15
  and substring("series"."serial_number" from 11 for 5) ~ '^[0-9]{5}$'
  and substring("series"."serial_number" from 11 for 5)::int between "serial_ranges"."from_number" and "serial_ranges"."to_number"`;

const rangeColumns = {
  id: serialRanges.id,
  partNumber: serialRanges.partNumber,
  from: serialRanges.fromNumber,
  to: serialRanges.toNumber,
  note: serialRanges.note,
  createdBy: serialRanges.createdBy,
  createdAt: serialRanges.createdAt,
  allocated: sql<number>`(select count(*)::int from "series" where ${inRange})`,
  activated: sql<number>`(select count(*)::int from "series" where ${inRange} and "series"."activation_date" is not null)`,
  // The first free number, found in order: the scan stops there.
  next: sql<
    number | null
  >`(select n from generate_series("serial_ranges"."from_number", "serial_ranges"."to_number") n
    where not exists (select 1 from "series" where "series"."serial_number" = "serial_ranges"."part_number" || lpad(n::text, 5, '0'))
    order by n limit 1)`,
};

type RangeRow = Omit<SerialRange, 'createdAt' | 'unused'> & { createdAt: Date };
const toRange = (row: RangeRow): SerialRange => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  unused: row.to - row.from + 1 - row.allocated,
});

/** The ranges, by part number and first number, with what each has allocated (the report). */
export async function listSerialRanges(db: Db, partNumber?: string): Promise<{ ranges: SerialRange[] }> {
  const rows = await db
    .select(rangeColumns)
    .from(serialRanges)
    .where(partNumber ? eq(serialRanges.partNumber, partNumber.toUpperCase()) : undefined)
    .orderBy(asc(serialRanges.partNumber), asc(serialRanges.fromNumber));
  return { ranges: rows.map(toRange) };
}

async function getRange(db: Db, id: number): Promise<SerialRange> {
  const [row] = await db.select(rangeColumns).from(serialRanges).where(eq(serialRanges.id, id));
  if (!row) throw notFound(`No serial range ${id}`);
  return toRange(row);
}

/** Adds a range; one that overlaps another of the same part number is a 409 naming it. */
export async function createSerialRange(
  db: Db,
  user: SignedInUser,
  body: SerialRangeBody,
): Promise<SerialRange> {
  const id = await db.transaction(async (tx) => {
    const [overlap] = await tx
      .select({ from: serialRanges.fromNumber, to: serialRanges.toNumber })
      .from(serialRanges)
      .where(
        and(
          eq(serialRanges.partNumber, body.partNumber),
          lte(serialRanges.fromNumber, body.to),
          gte(serialRanges.toNumber, body.from),
        ),
      )
      .limit(1);
    if (overlap)
      throw conflict(
        `The range overlaps ${body.partNumber} ${overlap.from} to ${overlap.to}: ranges of a part number never overlap`,
      );
    const [created] = await tx
      .insert(serialRanges)
      .values({
        partNumber: body.partNumber,
        fromNumber: body.from,
        toNumber: body.to,
        note: body.note ?? null,
        createdBy: user.name,
      })
      .returning({ id: serialRanges.id });
    await recordAudit(tx, user, {
      action: 'serial-range.create',
      subjectType: 'serial-range',
      subjectId: String(created!.id),
      details: { partNumber: body.partNumber, from: body.from, to: body.to },
    });
    return created!.id;
  });
  return getRange(db, id);
}

/** Removes a range from which no serial number was allocated yet. */
export async function deleteSerialRange(db: Db, user: SignedInUser, id: number): Promise<void> {
  const range = await getRange(db, id);
  if (range.allocated > 0)
    throw conflict(`${range.allocated} devices have serial numbers of this range: it stays`);
  await db.transaction(async (tx) => {
    await tx.delete(serialRanges).where(eq(serialRanges.id, id));
    await recordAudit(tx, user, {
      action: 'serial-range.delete',
      subjectType: 'serial-range',
      subjectId: String(id),
      details: { partNumber: range.partNumber, from: range.from, to: range.to },
    });
  });
}
