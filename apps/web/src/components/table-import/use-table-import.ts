import { useState } from 'react';
import { dialogErrorText } from '../dialogs';
import type { CheckedImportRow } from './import-preview-table';
import { editImportRow } from './import-row-dialog';

type SentRow<C extends string> = { line: number; values: Partial<Record<C, string>> };

interface TableImportCalls<C extends string, R extends CheckedImportRow<C>, A> {
  /** Reads and checks a file on the server; writes nothing. */
  preview: (file: File) => Promise<{ columns: C[]; rows: R[] }>;
  /** Checks rows again after some were fixed. */
  check: (rows: SentRow<C>[]) => Promise<{ rows: R[] }>;
  /** Imports the rows, all or none. */
  commit: (rows: SentRow<C>[]) => Promise<A>;
  /** Where the row editor's texts are (`<prefix>.edit_title`, `.check_row`). */
  prefix: string;
}

const sent = <C extends string>(rows: readonly CheckedImportRow<C>[]): SentRow<C>[] =>
  rows.map(({ line, values }) => ({ line, values }));

/**
 * The state of an import screen (the stores', the survey results'): a file read and checked on the
 * server, rows fixed in place and checked again, then imported all or none; a refusal kept on screen.
 */
export function useTableImport<C extends string, R extends CheckedImportRow<C>, A>(
  calls: TableImportCalls<C, R, A>,
) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ columns: C[]; rows: R[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  const recheck = async (rows: readonly CheckedImportRow<C>[]) => {
    const checked = await calls.check(sent(rows));
    setPreview((current) => current && { ...current, rows: checked.rows });
  };

  const read = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setFailure(null);
    if (chosen) void run(async () => setPreview(await calls.preview(chosen)));
  };
  const edit = async (row: R) => {
    if (!preview) return;
    const values = await editImportRow(row, preview.columns, calls.prefix);
    if (!values) return;
    await run(() =>
      recheck(preview.rows.map((other) => (other.line === row.line ? { ...other, values } : other))),
    );
  };
  /** Imports the rows once `confirmed` agrees; what answers goes to `done`, then the screen starts over. */
  const submit = async (confirmed: () => Promise<boolean>, done: (answer: A) => void) => {
    if (!preview || !(await confirmed())) return;
    await run(async () => {
      try {
        done(await calls.commit(sent(preview.rows)));
        setPreview(null);
        setFile(null);
      } catch (error) {
        // Records changed since the check: the preview shows why.
        await recheck(preview.rows).catch(() => undefined);
        throw error;
      }
    });
  };
  return { file, preview, failure, busy, read, edit, submit };
}
