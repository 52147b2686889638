import { UPDATE_HISTORY_LIST, UPDATE_SORT_COLUMNS } from '@fleet/contract';
import { Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListControls } from '../../../../components/list/list-controls';
import { ListContent } from '../../../../components/list/list-content';
import { ListSummary } from '../../../../components/list/list-summary';
import { Pager } from '../../../../components/list/pager';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { useErrorToastOnce } from '../../../../hooks/use-error-toast-once';
import { useListState } from '../../../../hooks/use-list-state';
import { updateHistoryQueryOptions } from '../../api/device-records';

const SORT_KEYS: Record<(typeof UPDATE_SORT_COLUMNS)[number], string> = {
  UpdateDate: 'date',
  Subject: 'subject',
  ToVersion: 'to_version',
};

/** The device's update history, sorted and paged in the URL. */
export function DeviceUpdatesTab() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const serialNumber = useParams().serialNumber ?? '';
  const [list, dispatch] = useListState(UPDATE_HISTORY_LIST);
  const updates = useQuery(updateHistoryQueryOptions(serialNumber, list));
  useErrorToastOnce(updates, {
    action: 'series.updates',
    resetKey: `${list.sortColumnName} ${list.sortOrder}`,
  });
  const column = (key: string) => <Table.Th>{t(`series.detail.updates.${key}`)}</Table.Th>;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={updates.data ? t('series.detail.updates.total', { count: updates.data.totalCount }) : null}
          refreshing={updates.isFetching && updates.data !== undefined}
        />
        <ListControls
          list={list}
          dispatch={dispatch}
          columns={UPDATE_SORT_COLUMNS.map((value) => ({
            value,
            label: t(`series.detail.updates.${SORT_KEYS[value]}`),
          }))}
        />
      </Group>
      <ListContent
        items={updates.data?.updateHistory ?? null}
        failed={updates.isError && !updates.data}
        empty={{ title: t('series.detail.updates.none') }}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label={t('series.detail.tabs.updates')}>
              <Table.Thead>
                <Table.Tr>
                  {column('subject')}
                  {column('date')}
                  {column('from_version')}
                  {column('to_version')}
                  {column('details')}
                  {column('user')}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((update) => (
                  <Table.Tr key={`${update.updateDate} ${update.subject} ${update.toVersion}`}>
                    <Table.Td>{update.subject}</Table.Td>
                    <Table.Td>{date.long(update.updateDate)}</Table.Td>
                    <Table.Td>{update.fromVersion}</Table.Td>
                    <Table.Td>{update.toVersion}</Table.Td>
                    <Table.Td>{update.details}</Table.Td>
                    <Table.Td>{update.username}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListContent>
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={updates.data?.totalCount ?? 0}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
      />
    </Stack>
  );
}
