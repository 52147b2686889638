import type { CheckedEsatImportRow, EsatImportPreview } from '@fleet/contract';
import {
  Badge,
  Button,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { openDialog } from '../../components/dialogs/open-dialog';
import { i18n } from '../../lib/i18n';

const PAGE_SIZE = 50;

function Cell({ row, column }: { row: CheckedEsatImportRow; column: string }) {
  const problem = row.errors.find((error) => error.column === column);
  return (
    <Table.Td bg={problem ? 'var(--mantine-color-red-light)' : undefined}>
      <Text size="sm">{row.values[column]}</Text>
      {problem && (
        <Text size="xs" c="red.9">
          {problem.message}
        </Text>
      )}
    </Table.Td>
  );
}

function RowStatus({ row, columns }: { row: CheckedEsatImportRow; columns: readonly string[] }) {
  const { t } = useTranslation();
  const wrong = row.errors.length > 0;
  return (
    <>
      <Badge color={wrong ? 'red' : 'green'} variant="light" miw="max-content">
        {t(wrong ? 'statistics.import.status.error' : 'statistics.import.status.ready')}
      </Badge>
      {row.errors
        .filter((error) => error.column === null || !columns.includes(error.column))
        .map((error) => (
          <Text key={error.message} size="xs" c="red.9">
            {error.column ? `${error.column}: ` : ''}
            {error.message}
          </Text>
        ))}
    </>
  );
}

/** The rows of a results file as the server read them, each problem in its cell, a row edited in place. */
export function ImportPreviewTable({
  preview,
  onEdit,
}: {
  preview: EsatImportPreview;
  onEdit: (row: CheckedEsatImportRow) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<'all' | 'errors'>('all');
  const [page, setPage] = useState(1);
  const rows = shown === 'errors' ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <Stack gap="sm">
      <SegmentedControl
        w="fit-content"
        value={shown}
        onChange={(value) => {
          setShown(value as 'all' | 'errors');
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('statistics.import.show_all') },
          { value: 'errors', label: t('statistics.import.show_errors') },
        ]}
        aria-label={t('statistics.import.shown_rows')}
      />
      <ScrollArea type="auto">
        <Table striped withTableBorder aria-label={t('statistics.import.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.import.row')}</Table.Th>
              <Table.Th>{t('statistics.import.result')}</Table.Th>
              {preview.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th>{t('statistics.import.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  <RowStatus row={row} columns={preview.columns} />
                </Table.Td>
                {preview.columns.map((column) => (
                  <Cell key={column} row={row} column={column} />
                ))}
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onEdit(row)}
                    aria-label={t('statistics.import.edit_of', { line: row.line })}
                  >
                    {t('statistics.import.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
        />
      )}
    </Stack>
  );
}

type Values = Record<string, string>;

function RowForm(props: {
  row: CheckedEsatImportRow;
  columns: readonly string[];
  finish: (values: Values | null) => void;
}) {
  const [values, setValues] = useState<Values>(props.row.values);
  const firstError = props.row.errors[0]?.column;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.finish(values);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {props.columns.map((column) => (
          <TextInput
            key={column}
            label={column}
            value={values[column] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [column]: value }));
            }}
            error={props.row.errors.find((error) => error.column === column)?.message}
            data-autofocus={column === (firstError ?? props.columns[0]) || undefined}
          />
        ))}
      </SimpleGrid>
      <DialogButtons
        onCancel={() => props.finish(null)}
        onConfirm={() => props.finish(values)}
        confirmLabel={i18n.t('statistics.import.check_row')}
      />
    </form>
  );
}

/** Edits a row of the file in place; resolves with its new cells, or null when dismissed. */
export function editImportRow(row: CheckedEsatImportRow, columns: readonly string[]): Promise<Values | null> {
  return openDialog<Values | null>(
    i18n.t('statistics.import.edit_title', { line: row.line }),
    (finish) => <RowForm row={row} columns={columns} finish={finish} />,
    null,
    'wide',
  );
}
