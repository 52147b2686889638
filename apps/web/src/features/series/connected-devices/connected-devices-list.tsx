import type { ConnectedDevice } from '@fleet/contract';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../../components/icons';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import { useHubClient, useHubState } from '../../../hooks/use-hub';
import { HubStatus } from './hub-status';
import { LiveActionsMenu } from './live-actions-menu';
import { TaskProgress } from './task-progress';

/** What a connected device is doing: its task, else the updates it may take. */
export function LiveActivity({ device }: { device: ConnectedDevice }) {
  const { t } = useTranslation();
  if (device.task) return <TaskProgress task={device.task} compact />;
  if (device.updates.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('hub.updates.none')}
      </Text>
    );
  return (
    <Badge variant="light" tt="none">
      {t('hub.updates.available', { version: device.updates.map((offer) => offer.version).join(', ') })}
    </Badge>
  );
}

/** The columns of the connected devices: the device, its activity and its live actions. */
function useConnectedDeviceColumns(): DataColumn<ConnectedDevice>[] {
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
      cell: (device) => (
        <Group gap={6} wrap="nowrap">
          <SerialNumberLink serialNumber={device.serialNumber} fw={600} />
          <Text size="xs" c="dimmed">
            {t(`hub.modes.${device.connectionMode}`)}
          </Text>
        </Group>
      ),
    },
    { prop: 'activity', labelLang: 'hub.list.activity', cell: (device) => <LiveActivity device={device} /> },
    {
      prop: 'actions',
      labelLang: 'hub.list.actions',
      type: 'action',
      width: 48,
      cell: (device) => <LiveActionsMenu device={device} />,
    },
  ];
}

/**
 * Spec §2: the connected-devices list on the devices page, the user's own devices as their desktop tools
 * connect them, live; titled only when at least one device is connected.
 */
export function ConnectedDevicesList() {
  const { t } = useTranslation();
  const client = useHubClient();
  const state = useHubState();
  const columns = useConnectedDeviceColumns();
  if (!client) return null;
  const devices = [...state.devices.values()];
  if (devices.length === 0) return <HubStatus state={state} />;
  const title = t('hub.list.title', { count: devices.length });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="connected-devices-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="connected-devices-title">
          {title}
        </Title>
        {/* Many devices plugged in at once would push the devices list far down: the table scrolls. */}
        <Box mah={320} style={{ overflowY: 'auto' }}>
          <DataTable
            label={title}
            columns={columns}
            items={devices}
            rowKey={(device) => device.serialNumber}
            minWidth={480}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
