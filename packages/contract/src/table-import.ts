import { z } from 'zod';
import { fieldRuleOf, fieldRuleSchema, type FieldRule, type ValidationIssue } from './field-rules.ts';

/**
 * A previewed file stays on the server this long after its last check (docs/company-tools.md): the check
 * and the import name it, with the rows the user changed, rather than sending every row back.
 */
export const IMPORT_DRAFT_HOURS = 24;

export const importDraftIdSchema = z.uuid('must be the id of a file previewed before');

/** The body of a check or an import: the previewed file, and each row the user changed, whole. */
export function importDraftBodySchema<R extends z.ZodType>(
  row: R,
  limits: { maxRows: number; what: string },
) {
  return z.object({
    draft: importDraftIdSchema,
    changes: z
      .array(row)
      .max(limits.maxRows, `must hold at most ${limits.maxRows} ${limits.what}`)
      .default([]),
  });
}

/**
 * A problem of a cell, or of the row as a whole (column null): the rule it breaks, for the console to say
 * in the user's language, and the server's own words where no rule names it.
 */
export const importProblemSchema = <C extends z.ZodType<string>>(column: C) =>
  z.object({ column: column.nullable(), message: z.string(), rule: fieldRuleSchema.optional() });

/**
 * The shapes of an import of records from a CSV or XLSX file (docs/company-tools.md, as the stores
 * import): rows of cells by column, checked on the server into a preview of what each row would do and
 * what stops it, then imported all or none.
 */
export function tableImportSchemas<const C extends readonly [string, ...string[]]>(
  columns: C,
  limits: { maxRows: number; cellMax: number; what: string },
) {
  const column = z.enum(columns);
  const values = z.partialRecord(
    column,
    z.string().max(limits.cellMax, `must be at most ${limits.cellMax} characters`),
  );
  /** A row of the file: its line (the header is line 1) and its cells by column. */
  const row = z.object({
    line: z
      .number()
      .int()
      .min(2)
      .max(limits.maxRows + 1),
    values,
  });
  const body = importDraftBodySchema(row, limits);
  const problem = importProblemSchema(column);
  /** A row as the server read it: what importing it would do (null while it has errors), and why not. */
  const checkedRow = row.extend({
    action: z.enum(['create', 'update']).nullable(),
    errors: z.array(problem),
    /** What is accepted but worth a look (a check digit a region may leave out, say). */
    warnings: z.array(problem),
  });
  const preview = z.object({
    /** The file kept on the server, for the check and the import. */
    draft: importDraftIdSchema,
    /** The file's columns, in its order. */
    columns: z.array(column),
    rows: z.array(checkedRow),
  });
  const answer = z.object({ created: z.number().int(), updated: z.number().int() });
  return { column, values, row, body, problem, checkedRow, preview, answer };
}

/** A file's header matched to a column without case, spaces, dashes or underscores. */
export function importColumnMatcher<C extends string>(
  columns: readonly C[],
  aliases: Readonly<Record<string, C>> = {},
): (header: string) => C | undefined {
  const squeeze = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');
  const byHeader = new Map<string, C>([
    ...columns.map((column) => [squeeze(column), column] as const),
    ...Object.entries(aliases).map(([alias, column]) => [squeeze(alias), column] as const),
  ]);
  return (header) => byHeader.get(squeeze(header));
}

export interface ImportProblem<C extends string> {
  column: C | null;
  message: string;
  rule?: FieldRule;
}

/**
 * A cell's problem from the issue its schema found: the rule it breaks, and the schema's words. A rule of
 * the schema's own (a check digit, say) keeps only its words: they say more than "not accepted".
 */
export function cellProblem<C extends string>(column: C, issue: ValidationIssue): ImportProblem<C> {
  const rule = fieldRuleOf(issue);
  return { column, message: issue.message ?? 'is not valid', ...(rule.kind === 'invalid' ? {} : { rule }) };
}

/**
 * Reads cells with the record body's own schemas, each refusal kept as a problem of its column: the
 * preview shows every problem of a row at once.
 */
export function cellReader<C extends string>(errors: ImportProblem<C>[]) {
  return <T>(column: C, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const read = schema.safeParse(value);
    if (read.success) return read.data;
    const issue = read.error.issues[0];
    errors.push(issue ? cellProblem(column, issue) : { column, message: 'is not valid' });
    return undefined;
  };
}

/** An optional cell: undefined without its column (an update keeps the value), null when blank. */
export function optionalCell<C extends string>(
  values: Partial<Record<C, string>>,
  column: C,
): string | null | undefined {
  if (!(column in values)) return undefined;
  return values[column]?.trim() || null;
}
