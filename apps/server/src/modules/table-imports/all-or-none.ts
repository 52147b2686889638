import type { FieldRule } from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';

/**
 * An import writes all rows or none: while any row has errors it answers 400 with every problem by row
 * and column (`rows.<line>.<column>`), and writes nothing.
 */
export function refuseRowsWithErrors(
  rows: readonly {
    line: number;
    errors: readonly { column: string | null; message: string; rule?: FieldRule }[];
  }[],
): void {
  const problems = rows.flatMap((row) =>
    row.errors.map((error) => ({
      field: `rows.${row.line}.${error.column ?? 'row'}`,
      message: error.message,
      ...(error.rule ? { rule: error.rule } : {}),
    })),
  );
  if (problems.length === 0) return;
  const lines = [...new Set(rows.filter((row) => row.errors.length).map((row) => row.line))];
  throw badRequest(
    `${lines.length} of ${rows.length} rows have errors (first: row ${lines[0]}): nothing was imported`,
    problems,
  );
}
