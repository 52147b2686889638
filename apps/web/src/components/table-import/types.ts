import type { FieldRule } from '@fleet/contract';

/** A problem of a cell, or of its row (column null): the rule it breaks, else the server's words. */
export interface ImportRowProblem<C extends string> {
  column: C | null;
  message: string;
  rule?: FieldRule;
}

/** A row of an import file as the server checked it (the contract's table-import shapes). */
export interface CheckedImportRow<C extends string> {
  line: number;
  values: Partial<Record<C, string>>;
  action: 'create' | 'update' | null;
  errors: ImportRowProblem<C>[];
  /** Accepted, but worth a look. */
  warnings?: ImportRowProblem<C>[];
}

export interface ImportPreview<C extends string> {
  /** The file kept on the server, which the check and the import name. */
  draft: string;
  columns: C[];
  rows: CheckedImportRow<C>[];
}

export type ImportRowValues<C extends string> = { line: number; values: Partial<Record<C, string>> };

/** A check or an import: the previewed file, and the rows the user changed (each whole). */
export interface ImportDraftBody<C extends string> {
  draft: string;
  changes: ImportRowValues<C>[];
}
