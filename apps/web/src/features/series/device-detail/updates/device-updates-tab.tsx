import { UPDATE_HISTORY_LIST, UPDATE_SORT_COLUMNS, type UpdateEntry } from '@fleet/contract';
import { Anchor, Badge, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { rolloutPath } from '../../../../config/paths';
import { useCanUse } from '../../../../hooks/use-can-use';
import { ListControls } from '../../../../components/list/list-controls';
import { ListContent } from '../../../../components/list/list-content';
import { ListSummary } from '../../../../components/list/list-summary';
import { Pager } from '../../../../components/list/pager';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { useErrorToastOnce } from '../../../../hooks/use-error-toast-once';
import { useListState } from '../../../../hooks/use-list-state';
import { updateHistoryQueryOptions } from '../../api/device-records';
import { keptWhileOffline } from '../../../../components/list/kept-while-offline';

const SORT_KEYS: Record<(typeof UPDATE_SORT_COLUMNS)[number], string> = {
  UpdateDate: 'date',
  Subject: 'subject',
  ToVersion: 'to_version',
};

const STATE_COLORS = { running: 'blue', succeeded: 'teal', failed: 'red' } as const;

/** Where an update is: running (with its progress), succeeded or failed. */
function UpdateState({ update }: { update: UpdateEntry }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLORS[update.state]}>
      {t(`series.detail.updates.states.${update.state}`)}
      {update.state === 'running' && update.percent !== null ? ` ${update.percent} %` : ''}
    </Badge>
  );
}

/** The rollout that sent the update: a link to it for those who see rollouts. */
function RolloutCell({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const canSee = useCanUse('VERSIONS');
  if (id === null) return null;
  const name = t('series.detail.updates.rollout_name', { id });
  return canSee ? (
    <Anchor component={Link} to={rolloutPath(id)}>
      {name}
    </Anchor>
  ) : (
    name
  );
}

/** The device's update history, sorted and paged in the URL. */
export function DeviceUpdatesTab() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const serialNumber = useParams().serialNumber ?? '';
  const [list, dispatch] = useListState(UPDATE_HISTORY_LIST);
  const updates = useQuery({
    ...updateHistoryQueryOptions(serialNumber, list),
    placeholderData: keptWhileOffline,
  });
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
          <Table.ScrollContainer minWidth={920}>
            <Table striped aria-label={t('series.detail.tabs.updates')}>
              <Table.Thead>
                <Table.Tr>
                  {column('subject')}
                  {column('date')}
                  {column('from_version')}
                  {column('to_version')}
                  {column('state')}
                  {column('rollout')}
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
                    <Table.Td>
                      <UpdateState update={update} />
                    </Table.Td>
                    <Table.Td>
                      <RolloutCell id={update.rolloutId} />
                    </Table.Td>
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
