import {
  ROLLOUT_DEVICES_LIST,
  ROLLOUT_DEVICE_STATES,
  rolloutActions,
  type Rollout,
  type RolloutAction,
  type RolloutDevice,
  type RolloutDeviceState,
} from '@fleet/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { ListContent } from '../../components/list/list-content';
import { ListControls } from '../../components/list/list-controls';
import { PageFrame } from '../../components/page-frame';
import { Pager } from '../../components/list/pager';
import { SerialNumberLink } from '../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { rolloutActionMutation, rolloutDevicesQueryOptions, rolloutQueryOptions } from './api';
import { DeviceProgress, RolloutStateBadge } from './rollout-progress';
import { keptWhileOffline } from '../../components/list/kept-while-offline';

const DEVICE_STATE_COLORS: Record<RolloutDeviceState, string> = {
  pending: 'gray',
  offered: 'indigo',
  started: 'blue',
  succeeded: 'teal',
  failed: 'red',
};

function RolloutActions({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const canAct = useCanUse('VERSIONS.EAPONSPECIFIED');
  const acting = useMutation(rolloutActionMutation);
  if (!canAct) return null;
  const act = async (action: RolloutAction) => {
    if (
      action === 'cancel' &&
      !(await confirm({
        title: t('versions.rollout_page.cancel_title', { id: rollout.id }),
        message: t('versions.rollout_page.cancel_message'),
        confirmLabel: t('versions.rollout_page.actions.cancel'),
        danger: true,
      }))
    )
      return;
    try {
      await acting.mutateAsync({ id: rollout.id, action });
      showSuccess(t(`versions.rollout_page.done.${action}`, { id: rollout.id }));
    } catch (error) {
      showError(error, `versions.rollout.${action}`);
    }
  };
  return (
    <Group gap="xs">
      {rolloutActions(rollout.state).map((action) => (
        <Button
          key={action}
          variant={action === 'cancel' ? 'outline' : 'default'}
          color={action === 'cancel' ? 'red' : undefined}
          loading={acting.isPending && acting.variables.action === action}
          onClick={() => void act(action)}
        >
          {t(`versions.rollout_page.actions.${action}`)}
        </Button>
      ))}
    </Group>
  );
}

function Waves({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ol" style={{ listStyle: 'none', padding: 0 }}>
      {rollout.waves.map((wave) => {
        const name = t('versions.rollout_page.wave', { number: wave.number });
        const over = wave.failurePercent > rollout.failureThresholdPercent;
        return (
          <Card key={wave.number} component="li" withBorder padding="sm" radius="md" aria-label={name}>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={600}>{name}</Text>
                <Badge
                  variant="light"
                  color={
                    wave.state === 'stopped'
                      ? 'red'
                      : wave.state === 'passed'
                        ? 'teal'
                        : wave.state === 'running'
                          ? 'blue'
                          : 'gray'
                  }
                >
                  {t(`versions.wave_state.${wave.state}`)}
                </Badge>
              </Group>
              <DeviceProgress counts={wave} label={name} />
              <Text size="sm">
                {t('versions.progress.summary', wave)}
                {wave.offered > 0 && ` · ${t('versions.rollout_page.offered', { count: wave.offered })}`}
              </Text>
              <Text size="sm" c={over ? 'red' : 'dimmed'}>
                {t('versions.rollout_page.failure_rate', {
                  rate: wave.failurePercent,
                  threshold: rollout.failureThresholdPercent,
                })}
              </Text>
              {wave.startedAt && (
                <Text size="xs" c="dimmed">
                  {t('versions.rollout_page.wave_started', { date: date.long(wave.startedAt) })}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** The columns of a rollout's devices: the serial number, the wave and the last report sort. */
function useRolloutDeviceColumns(): DataColumn<RolloutDevice>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  return [
    {
      prop: 'serialNumber',
      labelLang: 'versions.rollout_page.devices.serial_number',
      sortable: true,
      sortBy: 'SerialNumber',
      cell: (device) => <SerialNumberLink serialNumber={device.serialNumber} />,
    },
    {
      prop: 'wave',
      labelLang: 'versions.rollout_page.devices.wave',
      sortable: true,
      sortBy: 'Wave',
      type: 'number',
      cell: (device) => device.wave,
    },
    {
      prop: 'state',
      labelLang: 'versions.rollout_page.devices.state',
      type: 'status',
      cell: (device) => (
        <Badge variant="light" color={DEVICE_STATE_COLORS[device.state]}>
          {t(`versions.device_state.${device.state}`)}
          {device.state === 'started' && device.percent !== null ? ` ${device.percent} %` : ''}
        </Badge>
      ),
    },
    {
      prop: 'fromVersion',
      labelLang: 'versions.rollout_page.devices.from_version',
      cell: (device) => device.fromVersion,
    },
    {
      prop: 'details',
      labelLang: 'versions.rollout_page.devices.details',
      forceNormalWordBreak: true,
      cell: (device) => device.details,
    },
    {
      prop: 'updated',
      labelLang: 'versions.rollout_page.devices.updated',
      sortable: true,
      sortBy: 'UpdatedAt',
      type: 'date',
      cell: (device) => (device.updatedAt ? date.long(device.updatedAt) : ''),
    },
  ];
}

function RolloutDevices({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(ROLLOUT_DEVICES_LIST);
  const devices = useQuery({
    ...rolloutDevicesQueryOptions(rollout, list),
    placeholderData: keptWhileOffline,
  });
  useErrorToastOnce(devices, { action: 'versions.rollout.devices', resetKey: String(list.pageNumber) });
  const wave = list.filters.Wave?.[0] ?? '';
  const state = list.filters.State?.[0] ?? '';
  const filter = (key: 'Wave' | 'State', value: string) =>
    dispatch({
      type: 'filters',
      filters: { ...list.filters, [key]: value ? [value] : [] },
    });
  const columns = useRolloutDeviceColumns();
  return (
    <Stack gap="sm" component="section" aria-labelledby="rollout-devices">
      <Title order={2} size="h3" id="rollout-devices">
        {t('versions.rollout_page.devices.title')}
      </Title>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <Select
            aria-label={t('versions.rollout_page.devices.wave_filter')}
            placeholder={t('versions.rollout_page.devices.all_waves')}
            value={wave || null}
            onChange={(value) => filter('Wave', value ?? '')}
            data={rollout.waves.map((w) => ({
              value: String(w.number),
              label: t('versions.rollout_page.wave', { number: w.number }),
            }))}
            clearable
            w={160}
          />
          <Select
            aria-label={t('versions.rollout_page.devices.state_filter')}
            placeholder={t('versions.rollout_page.devices.all_states')}
            value={state || null}
            onChange={(value) => filter('State', value ?? '')}
            data={ROLLOUT_DEVICE_STATES.map((value) => ({
              value,
              label: t(`versions.device_state.${value}`),
            }))}
            clearable
            w={180}
          />
        </Group>
        <ListControls list={list} dispatch={dispatch} />
      </Group>
      <ListContent
        items={devices.data?.data ?? null}
        failed={devices.isError && !devices.data}
        call={devices}
        filters={{
          active: Boolean(wave || state),
          onClear: () => dispatch({ type: 'filters', filters: {} }),
        }}
      >
        {(page) => (
          <DataTable
            label={t('versions.rollout_page.devices.title')}
            columns={columns}
            items={page}
            rowKey={(device) => device.serialNumber}
            minWidth={760}
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
        totalCount={devices.data?.totalCount ?? null}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
        failed={devices.isError && !devices.data}
      />
    </Stack>
  );
}

/** Route /version/rollouts/{rolloutId}: a rollout's waves as they progress, its devices, its actions. */
export function RolloutPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const id = Number(useParams().rolloutId);
  const rollout = useQuery({ ...rolloutQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  useErrorToastOnce(rollout, { action: 'versions.rollout' });
  const data = rollout.data;
  return (
    <PageFrame
      title={
        data
          ? t('versions.rollouts.name', { id: data.id, version: data.version })
          : t('versions.rollout_page.title')
      }
      actions={data && <RolloutActions rollout={data} />}
    >
      <CallState call={rollout}>
        {(answer) => (
          <Stack gap="lg">
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <RolloutStateBadge state={answer.state} />
                <Text c="dimmed" size="sm">
                  {t('versions.rollout_page.summary', {
                    type: answer.deviceType,
                    kind: t(`versions.kind.${answer.kind}`),
                    name: answer.createdBy,
                    date: date.long(answer.createdAt),
                    threshold: answer.failureThresholdPercent,
                    minutes: answer.waveWindowMinutes,
                  })}
                </Text>
              </Group>
              <Anchor
                component={Link}
                to={`${paths.version.path}?type=${encodeURIComponent(answer.deviceType)}`}
                size="sm"
              >
                {t('versions.rollout_page.back', { type: answer.deviceType })}
              </Anchor>
            </Group>
            {answer.reason && (
              <Alert
                color={answer.state === 'stopped' ? 'red' : 'gray'}
                title={t(`versions.rollout_state.${answer.state}`)}
              >
                {answer.reason}
              </Alert>
            )}
            <DeviceProgress counts={answer} label={t('versions.rollout_page.overall')} />
            <Text size="sm">
              {t('versions.progress.summary', answer)}
              {answer.endedAt &&
                ` · ${t('versions.rollout_page.ended', { date: date.long(answer.endedAt) })}`}
            </Text>
            <Waves rollout={answer} />
            <RolloutDevices rollout={answer} />
          </Stack>
        )}
      </CallState>
    </PageFrame>
  );
}
