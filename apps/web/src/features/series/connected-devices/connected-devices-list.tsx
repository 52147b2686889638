import type { ConnectedDevice } from '@fleet/contract';
import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../../components/icons';
import { SerialNumberLink } from '../../../components/serial-number-link';
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

/**
 * Spec §2: the connected-devices list on the devices page, the user's own devices as their desktop tools
 * connect them, live; titled only when at least one device is connected.
 */
export function ConnectedDevicesList() {
  const { t } = useTranslation();
  const client = useHubClient();
  const state = useHubState();
  if (!client) return null;
  const devices = [...state.devices.values()];
  if (devices.length === 0) return <HubStatus state={state} />;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="connected-devices-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="connected-devices-title">
          {t('hub.list.title', { count: devices.length })}
        </Title>
        {/* Many devices plugged in at once would push the devices list far down: the table scrolls. */}
        <Table.ScrollContainer minWidth={480} maxHeight={320} type="native">
          <Table verticalSpacing={4} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32}>
                  <VisuallyHidden>{t('hub.list.icon')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('hub.list.serial_number')}</Table.Th>
                <Table.Th>{t('hub.list.activity')}</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('hub.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.map((device) => (
                <Table.Tr key={device.serialNumber} data-testid="connected-device">
                  <Table.Td>
                    <GaugeIcon aria-hidden />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <SerialNumberLink serialNumber={device.serialNumber} fw={600} />
                      <Text size="xs" c="dimmed">
                        {t(`hub.modes.${device.connectionMode}`)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <LiveActivity device={device} />
                  </Table.Td>
                  <Table.Td>
                    <LiveActionsMenu device={device} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
