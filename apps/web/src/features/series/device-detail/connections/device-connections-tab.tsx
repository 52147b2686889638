import { CONNECTION_HISTORY_LIST, type connectionEntrySchema } from '@fleet/contract';
import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ListContent } from '../../../../components/list/list-content';
import { ListSummary } from '../../../../components/list/list-summary';
import { ListControls } from '../../../../components/list/list-controls';
import { Pager } from '../../../../components/list/pager';
import { DataTable, type DataColumn } from '../../../../components/table/data-table';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { useErrorToastOnce } from '../../../../hooks/use-error-toast-once';
import { useListState } from '../../../../hooks/use-list-state';
import { connectionHistoryQueryOptions } from '../../api/device-records';
import { keptWhileOffline } from '../../../../components/list/kept-while-offline';

type ConnectionEntry = z.infer<typeof connectionEntrySchema>;

/** Spec §2: the device's connections, newest first, paged by pageNumber and pageSize in the URL. */
export function DeviceConnectionsTab() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const serialNumber = useParams().serialNumber ?? '';
  const [list, dispatch] = useListState(CONNECTION_HISTORY_LIST);
  const connections = useQuery({
    ...connectionHistoryQueryOptions(serialNumber, list),
    placeholderData: keptWhileOffline,
  });
  useErrorToastOnce(connections, { action: 'series.connections' });
  const columns: DataColumn<ConnectionEntry>[] = [
    {
      prop: 'connectionDate',
      labelLang: 'series.detail.connections.date',
      type: 'date',
      cell: (connection) => date.long(connection.connectionDate),
    },
    {
      prop: 'username',
      labelLang: 'series.detail.users.username',
      cell: (connection) => connection.username,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={
            connections.data
              ? t('series.detail.connections.total', { count: connections.data.totalCount })
              : null
          }
          refreshing={connections.isFetching && connections.data !== undefined}
        />
        <ListControls list={list} dispatch={dispatch} />
      </Group>
      <ListContent
        items={connections.data?.data ?? null}
        failed={connections.isError && !connections.data}
        empty={{ title: t('series.detail.connections.none') }}
      >
        {(page) => (
          <DataTable
            label={t('series.detail.tabs.connections')}
            columns={columns}
            items={page}
            rowKey={(connection) => `${connection.connectionDate} ${connection.username}`}
          />
        )}
      </ListContent>
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={connections.data?.totalCount ?? 0}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
      />
    </Stack>
  );
}
