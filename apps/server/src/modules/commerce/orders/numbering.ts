import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** The documents numbered per year without gaps, and their prefixes. */
export const DOCUMENT_PREFIXES = {
  order: 'FC',
  invoice: 'INV',
  sales: 'SJ',
  payments: 'PJ',
  customs: 'CD',
} as const;
export type NumberedDocument = keyof typeof DOCUMENT_PREFIXES;

/**
 * The next number of a kind of document for the year of `at`, such as INV-2026-000001. The counter row is
 * locked by the update until the transaction ends, so numbers are gapless: a rolled-back transaction
 * gives its number back.
 */
export async function nextDocumentNumber(tx: Db, kind: NumberedDocument, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const result = (await tx.execute(sql`
    insert into document_counters (kind, year, last) values (${kind}, ${year}, 1)
    on conflict (kind, year) do update set last = document_counters.last + 1
    returning last`)) as unknown as { rows: { last: number }[] };
  const last = Number(result.rows[0]!.last);
  return `${DOCUMENT_PREFIXES[kind]}-${year}-${String(last).padStart(6, '0')}`;
}
