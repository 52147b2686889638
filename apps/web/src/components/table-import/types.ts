import type { ImportProblem } from '@fleet/contract';

/** A row of an import file as the server checked it (the contract's table-import shapes). */
export interface CheckedImportRow<C extends string> {
  line: number;
  values: Partial<Record<C, string>>;
  action: 'create' | 'update' | null;
  errors: ImportProblem<C>[];
  /** Accepted, but worth a look. */
  warnings?: ImportProblem<C>[];
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
