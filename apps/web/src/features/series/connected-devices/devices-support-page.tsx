import { CONNECTED_DEVICE_LIST, type ConnectedDevice } from '@fleet/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../../components/icons';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import { useHubClient, useHubState } from '../../../hooks/use-hub';
import { useListState } from '../../../hooks/use-list-state';
import { ListControls } from '../../../components/list/list-controls';
import { Pager } from '../../../components/list/pager';
import { LiveActivity } from './connected-devices-list';
import { DeviceDrawer } from './device-drawer';
import { DeviceFacts } from './device-facts';
import { HubStatus } from './hub-status';
import { LiveActionsMenu } from './live-actions-menu';

/** The columns of the devices in reach: the device, how it is connected, what it is and what it does. */
function useSupportColumns(onDetails: (device: ConnectedDevice) => void): DataColumn<ConnectedDevice>[] {
  const { t } = useTranslation();
  return [
    {
      prop: 'icon',
      hideLabel: true,
      labelLang: 'hub.list.icon',
      width: 32,
      cell: () => <GaugeIcon aria-hidden />,
    },
    {
      prop: 'serialNumber',
      labelLang: 'hub.list.serial_number',
      cell: (device) => <SerialNumberLink serialNumber={device.serialNumber} fw={600} />,
    },
    {
      prop: 'connection',
      labelLang: 'hub.support.connection',
      cell: (device) => t(`hub.modes.${device.connectionMode}`),
    },
    {
      prop: 'typeVersion',
      labelLang: 'hub.support.type_version',
      cell: (device) =>
        device.serie ? `${device.serie.deviceType} · ${device.serie.currentVersion ?? '—'}` : '…',
    },
    { prop: 'activity', labelLang: 'hub.list.activity', cell: (device) => <LiveActivity device={device} /> },
    {
      prop: 'actions',
      labelLang: 'hub.list.actions',
      type: 'action',
      cell: (device) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('hub.support.details_of', { serialNumber: device.serialNumber })}
            onClick={() => onDetails(device)}
          >
            {t('hub.support.details')}
          </Button>
          <LiveActionsMenu device={device} />
        </Group>
      ),
    },
  ];
}

/** Route /devices-support (spec §2): every connected device in reach, live, in an expanding table. */
export function DevicesSupportPage() {
  const { t } = useTranslation();
  const client = useHubClient();
  const state = useHubState();
  const [drawer, setDrawer] = useState<string | null>(null);
  useEffect(() => client?.joinAdmin(), [client]);
  const [list, dispatch] = useListState(CONNECTED_DEVICE_LIST);
  const all = [...state.devices.values()].sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));
  if (list.sortOrder === 'DESC') all.reverse();
  const first = (list.pageNumber - 1) * list.pageSize;
  const devices = all.slice(first, first + list.pageSize);
  const shown = drawer ? (state.devices.get(drawer) ?? null) : null;
  const columns = useSupportColumns((device) => setDrawer(device.serialNumber));

  return (
    <Stack gap="md">
      <Title order={1}>{t('hub.support.title')}</Title>
      <HubStatus state={state} />
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" role="status">
          {state.status === 'connected' &&
            (all.length ? t('hub.support.count', { count: all.length }) : t('hub.support.none'))}
        </Text>
        <ListControls list={list} dispatch={dispatch} />
      </Group>
      {devices.length > 0 && (
        <Paper withBorder radius="md">
          <DataTable
            label={t('hub.support.title')}
            columns={columns}
            items={devices}
            rowKey={(device) => device.serialNumber}
            minWidth={720}
            expand={{
              render: (device) => <DeviceFacts device={device} />,
              label: (device, open) =>
                t(open ? 'hub.support.collapse' : 'hub.support.expand', {
                  serialNumber: device.serialNumber,
                }),
            }}
          />
        </Paper>
      )}
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={all.length}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
      />
      <DeviceDrawer device={shown} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
