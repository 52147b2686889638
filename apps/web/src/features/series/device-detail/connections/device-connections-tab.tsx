import { CONNECTION_HISTORY_LIST } from '@fleet/contract';
import { Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListContent } from '../../../../components/list/list-content';
import { ListSummary } from '../../../../components/list/list-summary';
import { ListControls } from '../../../../components/list/list-controls';
import { Pager } from '../../../../components/list/pager';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { useErrorToastOnce } from '../../../../hooks/use-error-toast-once';
import { useListState } from '../../../../hooks/use-list-state';
import { connectionHistoryQueryOptions } from '../../api/device-records';
import { keptWhileOffline } from '../../../../components/list/kept-while-offline';

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
          <Table striped aria-label={t('series.detail.tabs.connections')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('series.detail.connections.date')}</Table.Th>
                <Table.Th>{t('series.detail.users.username')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.map((connection) => (
                <Table.Tr key={`${connection.connectionDate} ${connection.username}`}>
                  <Table.Td>{date.long(connection.connectionDate)}</Table.Td>
                  <Table.Td>{connection.username}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
