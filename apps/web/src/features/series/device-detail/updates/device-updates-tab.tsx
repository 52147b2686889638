import { UPDATE_HISTORY_LIST, type UpdateEntry } from '@fleet/contract';
import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { rolloutPath } from '../../../../config/paths';
import { useCanUse } from '../../../../hooks/use-can-use';
import { ListControls } from '../../../../components/list/list-controls';
import { ListContent } from '../../../../components/list/list-content';
import { ListSummary } from '../../../../components/list/list-summary';
import { Pager } from '../../../../components/list/pager';
import { DataTable, type DataColumn } from '../../../../components/table/data-table';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { useErrorToastOnce } from '../../../../hooks/use-error-toast-once';
import { useListState } from '../../../../hooks/use-list-state';
import { updateHistoryQueryOptions } from '../../api/device-records';
import { keptWhileOffline } from '../../../../components/list/kept-while-offline';

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

/** The columns of the update history: the subject, the date and the version reached sort. */
function useUpdateColumns(): DataColumn<UpdateEntry>[] {
  const date = useDateFormat();
  return [
    {
      prop: 'subject',
      labelLang: 'series.detail.updates.subject',
      sortable: true,
      sortBy: 'Subject',
      cell: (update) => update.subject,
    },
    {
      prop: 'updateDate',
      labelLang: 'series.detail.updates.date',
      sortable: true,
      sortBy: 'UpdateDate',
      type: 'date',
      cell: (update) => date.long(update.updateDate),
    },
    {
      prop: 'fromVersion',
      labelLang: 'series.detail.updates.from_version',
      cell: (update) => update.fromVersion,
    },
    {
      prop: 'toVersion',
      labelLang: 'series.detail.updates.to_version',
      sortable: true,
      sortBy: 'ToVersion',
      cell: (update) => update.toVersion,
    },
    {
      prop: 'state',
      labelLang: 'series.detail.updates.state',
      type: 'status',
      cell: (update) => <UpdateState update={update} />,
    },
    {
      prop: 'rollout',
      labelLang: 'series.detail.updates.rollout',
      cell: (update) => <RolloutCell id={update.rolloutId} />,
    },
    {
      prop: 'details',
      labelLang: 'series.detail.updates.details',
      forceNormalWordBreak: true,
      cell: (update) => update.details,
    },
    { prop: 'username', labelLang: 'series.detail.updates.user', cell: (update) => update.username },
  ];
}

/** The device's update history, sorted by its headers and paged in the URL. */
export function DeviceUpdatesTab() {
  const { t } = useTranslation();
  const columns = useUpdateColumns();
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

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={updates.data ? t('series.detail.updates.total', { count: updates.data.totalCount }) : null}
          refreshing={updates.isFetching && updates.data !== undefined}
        />
        <ListControls list={list} dispatch={dispatch} />
      </Group>
      <ListContent
        items={updates.data?.updateHistory ?? null}
        failed={updates.isError && !updates.data}
        empty={{ title: t('series.detail.updates.none') }}
      >
        {(page) => (
          <DataTable
            label={t('series.detail.tabs.updates')}
            columns={columns}
            items={page}
            rowKey={(update) => `${update.updateDate} ${update.subject} ${update.toVersion}`}
            minWidth={920}
            sort={{
              state: { column: list.sortColumnName, order: list.sortOrder },
              onSort: ({ column, order }) =>
                dispatch({ type: 'sort', sortColumnName: column, sortOrder: order }),
            }}
          />
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
