import type { ImportProblem } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { refuseRowsWithErrors } from '../table-imports/all-or-none.ts';
import { repeatedRow } from '../table-imports/repeated-row.ts';
import { racing } from './repository.ts';
import { recordsByKey, type RecordKind } from './records.ts';
import { changeRecord, insertRecords } from './record-writes.ts';

/**
 * Imports of vehicles and of batteries (docs/insights.md "VIN database", as the stores import): each row
 * checked by the record body's rules and against the database, shown in a preview; then all rows
 * written in one transaction with their audit entries, or none while any row has an error.
 */

interface PlannedRow<C extends string, R, V = object> {
  line: number;
  values: R;
  action: 'create' | 'update' | null;
  errors: ImportProblem<C>[];
  warnings: ImportProblem<C>[];
  /** The record a row creates, written with the others at once. */
  create: { key: string; values: V } | null;
  /** The change a row makes to a record there already. */
  write: ((tx: Db, user: SignedInUser) => Promise<unknown>) | null;
}

/** The rows as the preview shows them. */
export function checked<C extends string, R>(planned: PlannedRow<C, R>[]) {
  return planned.map(({ line, values, action, errors, warnings }) => ({
    line,
    values,
    action,
    errors,
    warnings,
  }));
}

/** A row as checked, with nothing to write yet (all a row with errors is). */
function checkedRow<C extends string, R>(
  row: { line: number; values: R },
  errors: ImportProblem<C>[],
  warnings: ImportProblem<C>[],
): PlannedRow<C, R, never> {
  return { line: row.line, values: row.values, action: null, errors, warnings, create: null, write: null };
}

/** How a file's row becomes a record of one kind: read by the record body's rules, then its columns. */
export interface RowReading<C extends string, Values, Imported, R, V> {
  kind: RecordKind<R>;
  keyColumn: C;
  read: (values: Values) => {
    record: Imported | null;
    errors: ImportProblem<C>[];
    warnings: ImportProblem<C>[];
  };
  keyOf: (record: Imported) => string;
  valuesOf: (record: Imported, existing: R | null) => V;
}

/**
 * Each row read, its key once in the file (and the kind's own `check`), then, when valid, a new record
 * or a change to the one of its key.
 */
export async function planRows<C extends string, Values, Imported, R extends object, V extends object>(
  db: Db,
  rows: { line: number; values: Values }[],
  reading: RowReading<C, Values, Imported, R, V>,
  check: (row: { values: Values }, errors: ImportProblem<C>[]) => void = () => undefined,
): Promise<PlannedRow<C, Values, V>[]> {
  const { kind, keyOf } = reading;
  const read = rows.map((row) => reading.read(row.values));
  const keys = read.flatMap(({ record }) => (record ? [keyOf(record)] : []));
  const current = await recordsByKey(db, kind, keys);
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const { record, errors, warnings } = read[index]!;
    check(row, errors);
    if (record) errors.push(...repeatedRow(seen, keyOf(record), row.line, reading.keyColumn, kind.keyName));
    const base = checkedRow(row, errors, warnings);
    if (!record || errors.length > 0) return base;
    const key = keyOf(record);
    const existing = current.get(key) ?? null;
    const values = reading.valuesOf(record, existing);
    if (!existing) return { ...base, action: 'create', create: { key, values } };
    const write = (tx: Db, user: SignedInUser) =>
      changeRecord(tx, user, kind, existing, values, { import: true });
    return { ...base, action: 'update', write };
  });
}

/**
 * Writes every row, all or none: any error answers 400 with every problem by row and column
 * (`rows.<line>.<column>`) and writes nothing.
 */
export async function importAll<C extends string, Values, V extends object, R>(
  db: Db,
  user: SignedInUser,
  planned: PlannedRow<C, Values, V>[],
  kind: RecordKind<R>,
): Promise<{ created: number; updated: number }> {
  refuseRowsWithErrors(planned);
  const meanwhile = `A ${kind.subject} of this file was recorded or removed meanwhile: check the file again`;
  await racing(
    () =>
      db.transaction(async (tx) => {
        const creates = planned.flatMap((row) => (row.create ? [row.create] : []));
        await insertRecords(tx, user, kind, creates, {
          import: true,
        });
        for (const row of planned) await row.write?.(tx, user);
      }),
    { taken: meanwhile, inUse: meanwhile },
  );
  const created = planned.filter((row) => row.action === 'create').length;
  return { created, updated: planned.length - created };
}
