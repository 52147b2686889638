import { Badge, Button, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/field-problems';
import type { CheckedImportRow, ImportPreview } from './types';

const PAGE_SIZE = 50;

function RowStatus<C extends string>({ row, prefix }: { row: CheckedImportRow<C>; prefix: string }) {
  const { t } = useTranslation();
  if (row.errors.length > 0)
    return (
      <Badge color="red" variant="light" miw="max-content">
        {t(`${prefix}.status.error`)}
      </Badge>
    );
  return (
    <Badge color={row.action === 'update' ? 'blue' : 'green'} variant="light" miw="max-content">
      {t(`${prefix}.status.${row.action === 'update' ? 'update' : 'create'}`)}
    </Badge>
  );
}

/** A cell with its problem below it: an error in red, a warning in orange. */
function Cell<C extends string>({ row, column }: { row: CheckedImportRow<C>; column: C }) {
  const problem = row.errors.find((error) => error.column === column);
  const warning = row.warnings?.find((entry) => entry.column === column);
  const background = problem
    ? 'var(--mantine-color-red-light)'
    : warning
      ? 'var(--mantine-color-orange-light)'
      : undefined;
  return (
    <Table.Td bg={background}>
      <Text size="sm">{row.values[column]}</Text>
      {problem && (
        <Text size="xs" c="red.9">
          {issueText(problem)}
        </Text>
      )}
      {!problem && warning && (
        <Text size="xs" c="orange.9">
          {warning.message}
        </Text>
      )}
    </Table.Td>
  );
}

interface PreviewTableProps<C extends string> {
  preview: ImportPreview<C>;
  /** Where its texts are: `<prefix>.status.error`, `<prefix>.row`… */
  prefix: string;
  onEdit: (row: CheckedImportRow<C>) => void;
}

/** The rows of an import file with their problems by cell, all or those with errors, 50 a page. */
export function ImportPreviewTable<C extends string>({ preview, prefix, onEdit }: PreviewTableProps<C>) {
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
              {preview.columns.map((column) => (
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
                  <RowStatus row={row} prefix={prefix} />
                  {row.errors
                    .filter((error) => error.column === null || !preview.columns.includes(error.column))
                    .map((error) => (
                      <Text key={error.message} size="xs" c="red.9">
                        {error.column ? `${error.column}: ` : ''}
                        {issueText(error)}
                      </Text>
                    ))}
                </Table.Td>
                {preview.columns.map((column) => (
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
