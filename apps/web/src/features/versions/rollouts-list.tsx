import { ROLLOUTS_LIST, ROLLOUT_STATES, type Rollout } from '@fleet/contract';
import { Anchor, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListContent } from '../../components/list/list-content';
import { Pager } from '../../components/list/pager';
import { rolloutPath } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { rolloutsQueryOptions } from './api';
import { DeviceProgress, RolloutStateBadge } from './rollout-progress';
import { keptWhileOffline } from '../../components/list/kept-while-offline';

function RolloutCard({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const title = t('versions.rollouts.name', { id: rollout.id, version: rollout.version });
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Anchor component={Link} to={rolloutPath(rollout.id)} fw={600}>
              {title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`versions.kind.${rollout.kind}`)}
            </Text>
            <RolloutStateBadge state={rollout.state} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('versions.rollouts.created', { date: date.short(rollout.createdAt), name: rollout.createdBy })}
          </Text>
        </Group>
        <DeviceProgress counts={rollout} label={title} />
        <Text size="sm">
          {t('versions.rollouts.wave', { wave: rollout.currentWave, count: rollout.waves.length })} ·{' '}
          {t('versions.progress.summary', rollout)}
        </Text>
        {rollout.reason && (
          <Text size="sm" c={rollout.state === 'stopped' ? 'red' : 'dimmed'}>
            {rollout.reason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The type's rollouts, newest first, paged and filtered by state in the URL. */
export function RolloutsList({ type }: { type: string }) {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(ROLLOUTS_LIST, undefined, ['type']);
  const rollouts = useQuery({ ...rolloutsQueryOptions(type, list), placeholderData: keptWhileOffline });
  useErrorToastOnce(rollouts, { action: 'versions.rollouts', resetKey: `${type} ${list.pageNumber}` });
  const state = list.filters.State?.[0] ?? null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="type-rollouts">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="type-rollouts">
          {t('versions.rollouts.title')}
        </Title>
        <Select
          aria-label={t('versions.rollouts.state_filter')}
          placeholder={t('versions.rollouts.all_states')}
          value={state}
          onChange={(value) => dispatch({ type: 'filters', filters: value ? { State: [value] } : {} })}
          data={ROLLOUT_STATES.map((value) => ({ value, label: t(`versions.rollout_state.${value}`) }))}
          clearable
          w={200}
        />
      </Group>
      <ListContent
        items={rollouts.data?.data ?? null}
        failed={rollouts.isError && !rollouts.data}
        call={rollouts}
        empty={{ title: t('versions.rollouts.none'), text: t('versions.rollouts.none_hint') }}
        filters={{ active: state !== null, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
      >
        {(page) => (
          <Stack gap="sm">
            {page.map((rollout) => (
              <RolloutCard key={rollout.id} rollout={rollout} />
            ))}
          </Stack>
        )}
      </ListContent>
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={rollouts.data?.totalCount ?? null}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
        failed={rollouts.isError && !rollouts.data}
      />
    </Stack>
  );
}
