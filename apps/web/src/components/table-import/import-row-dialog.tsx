import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { issueText } from '../../lib/field-problems';
import { i18n } from '../../lib/i18n';
import { DialogButtons } from '../dialogs/dialog-buttons';
import { openDialog } from '../dialogs/open-dialog';
import type { ImportProblem } from '@fleet/contract';
import type { CheckedImportRow } from './types';

const problemText = <C extends string>(problem: ImportProblem<C> | undefined) =>
  problem && issueText(problem);

interface RowFormProps<C extends string> {
  row: CheckedImportRow<C>;
  columns: readonly C[];
  checkLabel: string;
  finish: (values: Partial<Record<C, string>> | null) => void;
}

function RowForm<C extends string>({ row, columns, checkLabel, finish }: RowFormProps<C>) {
  const [values, setValues] = useState<Partial<Record<C, string>>>(row.values);
  const firstError = row.errors[0]?.column;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        finish(values);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {columns.map((column) => (
          <TextInput
            key={column}
            label={column}
            value={values[column] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [column]: value }));
            }}
            error={problemText(row.errors.find((error) => error.column === column))}
            description={row.warnings?.find((warning) => warning.column === column)?.message}
            data-autofocus={column === (firstError ?? columns[0]) || undefined}
          />
        ))}
      </SimpleGrid>
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => finish(values)}
        confirmLabel={checkLabel}
      />
    </form>
  );
}

/** Edits a row of an import file in place; resolves with its new cells, or null when dismissed. */
export function editImportRow<C extends string>(
  row: CheckedImportRow<C>,
  columns: readonly C[],
  prefix: string,
): Promise<Partial<Record<C, string>> | null> {
  return openDialog<Partial<Record<C, string>> | null>(
    i18n.t(`${prefix}.edit_title`, { line: row.line }),
    (finish) => (
      <RowForm row={row} columns={columns} checkLabel={i18n.t(`${prefix}.check_row`)} finish={finish} />
    ),
    null,
    'wide',
  );
}
