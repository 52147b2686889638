import { Button, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row of an imported file as the server checked it: its cells by column and its problems. */
export interface CheckedImportRow<C extends string> {
  line: number;
  values: Partial<Record<C, string>>;
  errors: readonly { column: C | null; message: string }[];
}

const PAGE_SIZE = 50;

function Cell<C extends string>({ row, column }: { row: CheckedImportRow<C>; column: C }) {
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

interface ImportPreviewTableProps<C extends string, R extends CheckedImportRow<C>> {
  /** The file's columns, in its order. */
  columns: readonly C[];
  rows: readonly R[];
  /** What importing the row would do (a badge). */
  status: (row: R) => ReactNode;
  onEdit: (row: R) => void;
  /** Where the texts are: `<prefix>.show_all`, `.table`, `.edit_of`… */
  prefix: string;
}

/**
 * The rows of a file to import as the server read them (the stores', the survey results'): each problem in
 * its cell, the row's others under its status, rows with problems alone on demand, a row edited in place.
 */
export function ImportPreviewTable<C extends string, R extends CheckedImportRow<C>>({
  columns,
  rows: allRows,
  status,
  onEdit,
  prefix,
}: ImportPreviewTableProps<C, R>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<'all' | 'errors'>('all');
  const [page, setPage] = useState(1);
  const rows = shown === 'errors' ? allRows.filter((row) => row.errors.length > 0) : allRows;
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
          { value: 'all', label: t(`${prefix}.show_all`) },
          { value: 'errors', label: t(`${prefix}.show_errors`) },
        ]}
        aria-label={t(`${prefix}.shown_rows`)}
      />
      <ScrollArea type="auto">
        <Table striped withTableBorder aria-label={t(`${prefix}.table`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${prefix}.row`)}</Table.Th>
              <Table.Th>{t(`${prefix}.result`)}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th>{t(`${prefix}.actions`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  {status(row)}
                  {row.errors
                    .filter((error) => error.column === null || !columns.includes(error.column))
                    .map((error) => (
                      <Text key={error.message} size="xs" c="red.9">
                        {error.column ? `${error.column}: ` : ''}
                        {error.message}
                      </Text>
                    ))}
                </Table.Td>
                {columns.map((column) => (
                  <Cell key={column} row={row} column={column} />
                ))}
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onEdit(row)}
                    aria-label={t(`${prefix}.edit_of`, { line: row.line })}
                  >
                    {t(`${prefix}.edit`)}
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
