import type { CheckedStoreImportRow, StoreImportColumn, StoreImportValues } from '@fleet/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { openDialog } from '../../components/dialogs/open-dialog';
import { i18n } from '../../lib/i18n';

interface RowFormProps {
  row: CheckedStoreImportRow;
  columns: readonly StoreImportColumn[];
  finish: (values: StoreImportValues | null) => void;
}

function RowForm({ row, columns, finish }: RowFormProps) {
  const [values, setValues] = useState<StoreImportValues>(row.values);
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
        confirmLabel={i18n.t('stores.import.check_row')}
      />
    </form>
  );
}

/** Edits a row of the file in place; resolves with its new cells, or null when dismissed. */
export function editImportRow(
  row: CheckedStoreImportRow,
  columns: readonly StoreImportColumn[],
): Promise<StoreImportValues | null> {
  return openDialog<StoreImportValues | null>(
    i18n.t('stores.import.edit_title', { line: row.line }),
    (finish) => <RowForm row={row} columns={columns} finish={finish} />,
    null,
    'wide',
  );
}
