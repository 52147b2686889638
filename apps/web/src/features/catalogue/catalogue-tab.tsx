import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { openDialog } from '../../components/dialogs/open-dialog';
import { DataTable, type DataColumn } from '../../components/table/data-table';

export interface CatalogueColumn<T> {
  key: string;
  render: (record: T) => ReactNode;
}

/** The edit form of a record (null: a new one); `finish(true)` once saved. */
export type CatalogueForm<T> = (props: { record: T | null; finish: (saved: boolean) => void }) => ReactNode;

interface CatalogueTabProps<TData, T, TKey extends QueryKey> {
  /** The part's translation keys: `catalogue.<part>.*`. */
  part: string;
  query: UseQueryOptions<TData, Error, TData, TKey>;
  records: (data: TData) => readonly T[];
  keyOf: (record: T) => string | number;
  nameOf: (record: T) => string;
  columns: readonly CatalogueColumn<T>[];
  Form: CatalogueForm<T>;
  /** Whether new records are added here (payment method types are fixed). */
  adds?: boolean;
  /** Whether the user may change this record (all by default). */
  editable?: (record: T) => boolean;
}

/** A tab of shopping management: the part's records in a table, each edited in a dialog, one added. */
export function CatalogueTab<TData, T, TKey extends QueryKey>({
  part,
  query,
  records,
  keyOf,
  nameOf,
  columns,
  Form,
  adds = true,
  editable = () => true,
}: CatalogueTabProps<TData, T, TKey>) {
  const { t } = useTranslation();
  const call = useQuery(query);
  // The form's change reloads the catalogue (its `meta.changes`) before the dialog closes.
  const edit = (record: T | null) =>
    openDialog<boolean>(
      record ? t(`catalogue.${part}.edit_title`, { name: nameOf(record) }) : t(`catalogue.${part}.add_title`),
      (finish) => <Form record={record} finish={finish} />,
      false,
    );
  const tableColumns: DataColumn<T>[] = [
    ...columns.map((column): DataColumn<T> => ({
      prop: column.key,
      labelLang: `catalogue.${part}.columns.${column.key}`,
      cell: column.render,
      // Every part's status column is its active badge.
      ...(column.key === 'status' && { type: 'status' as const }),
    })),
    {
      prop: 'actions',
      labelLang: 'catalogue.actions',
      type: 'action',
      cell: (record) =>
        editable(record) && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void edit(record)}
            aria-label={t('catalogue.edit_of', { name: nameOf(record) })}
          >
            {t('catalogue.edit')}
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={720}>
          {t(`catalogue.${part}.intro`)}
        </Text>
        {adds && <Button onClick={() => void edit(null)}>{t(`catalogue.${part}.add`)}</Button>}
      </Group>
      <CallState call={call}>
        {(data) =>
          records(data).length === 0 ? (
            <Text c="dimmed">{t(`catalogue.${part}.empty`)}</Text>
          ) : (
            <DataTable
              label={t(`catalogue.tabs.${part}`)}
              columns={tableColumns}
              items={records(data)}
              rowKey={(record) => String(keyOf(record))}
              minWidth={720}
            />
          )
        }
      </CallState>
    </Stack>
  );
}
