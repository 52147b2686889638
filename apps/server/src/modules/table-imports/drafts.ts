import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { IMPORT_DRAFT_HOURS } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { tableImportDrafts } from '../../db/schema.ts';
import { HttpError, invalid } from '../../lib/errors.ts';

export interface ImportRow {
  line: number;
  values: Record<string, string>;
}

/** Previewed files a user keeps at once: a new preview drops the oldest beyond. */
const KEPT_PER_USER = 5;
const lifetime = () => new Date(Date.now() + IMPORT_DRAFT_HOURS * 3_600_000);

/** Keeps a previewed file's rows for its check and its import; answers its id. */
export async function keepDraft(
  db: Db,
  userId: string,
  importPath: string,
  rows: ImportRow[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .insert(tableImportDrafts)
      .values({ userId, importPath, rows, expiresAt: lifetime() })
      .returning({ id: tableImportDrafts.id });
    const older = await tx
      .select({ id: tableImportDrafts.id })
      .from(tableImportDrafts)
      .where(eq(tableImportDrafts.userId, userId))
      .orderBy(desc(tableImportDrafts.createdAt), desc(tableImportDrafts.id))
      .offset(KEPT_PER_USER);
    for (const { id } of older) await tx.delete(tableImportDrafts).where(eq(tableImportDrafts.id, id));
    return draft!.id;
  });
}

const expired = () =>
  new HttpError(404, 'This file’s preview has expired or was replaced by a newer one: read the file again', [
    { field: 'body.draft', message: 'is no longer kept: read the file again', rule: { kind: 'expired' } },
  ]);

/**
 * The rows of a user's previewed file with their changes applied (each changed row whole, by its line);
 * its time is renewed. Another user's draft, or an expired one, is not found.
 */
export async function draftRows(
  db: Db,
  userId: string,
  importPath: string,
  draftId: string,
  changes: readonly ImportRow[],
): Promise<ImportRow[]> {
  const [draft] = await db
    .update(tableImportDrafts)
    .set({ expiresAt: lifetime() })
    .where(
      and(
        eq(tableImportDrafts.id, draftId),
        eq(tableImportDrafts.userId, userId),
        eq(tableImportDrafts.importPath, importPath),
        sql`${tableImportDrafts.expiresAt} > now()`,
      ),
    )
    .returning({ rows: tableImportDrafts.rows });
  if (!draft) throw expired();
  const byLine = new Map(draft.rows.map((row) => [row.line, row]));
  const unknown = changes.findIndex((change) => !byLine.has(change.line));
  if (unknown >= 0)
    throw invalid([
      {
        field: `body.changes.${unknown}.line`,
        message: 'is not a line of the previewed file',
        rule: { kind: 'unknown' },
      },
    ]);
  for (const change of changes) byLine.set(change.line, change);
  return [...byLine.values()];
}

export const forgetDraft = (db: Db, draftId: string) =>
  db.delete(tableImportDrafts).where(eq(tableImportDrafts.id, draftId));

export const forgetExpiredDrafts = (db: Db) =>
  db.delete(tableImportDrafts).where(lt(tableImportDrafts.expiresAt, sql`now()`));
