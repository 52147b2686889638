import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { i18n } from '../../lib/i18n';
import { DialogButtons } from '../dialogs/dialog-buttons';
import { openDialog } from '../dialogs/open-dialog';
import type { CheckedImportRow } from './import-preview-table';

type Values<C extends string> = Partial<Record<C, string>>;

interface RowFormProps<C extends string> {
  row: CheckedImportRow<C>;
  columns: readonly C[];
  checkLabel: string;
  finish: (values: Values<C> | null) => void;
}

function RowForm<C extends string>({ row, columns, checkLabel, finish }: RowFormProps<C>) {
  const [values, setValues] = useState<Values<C>>(row.values);
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
            error={row.errors.find((error) => error.column === column)?.message}
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

/**
 * Edits a row of a file to import in place; resolves with its new cells, or null when dismissed. Its texts
 * are `<prefix>.edit_title` and `<prefix>.check_row`.
 */
export function editImportRow<C extends string>(
  row: CheckedImportRow<C>,
  columns: readonly C[],
  prefix: string,
): Promise<Values<C> | null> {
  return openDialog<Values<C> | null>(
    i18n.t(`${prefix}.edit_title`, { line: row.line }),
    (finish) => (
      <RowForm row={row} columns={columns} checkLabel={i18n.t(`${prefix}.check_row`)} finish={finish} />
    ),
    null,
    'wide',
  );
}
