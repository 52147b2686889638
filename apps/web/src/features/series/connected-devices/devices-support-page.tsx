import { CONNECTED_DEVICE_LIST, type ConnectedDevice } from '@fleet/contract';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../../components/icons';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { useHubClient, useHubState } from '../../../hooks/use-hub';
import { useListState } from '../../../hooks/use-list-state';
import { ListControls } from '../../../components/list/list-controls';
import { Pager } from '../../../components/list/pager';
import { LiveActivity } from './connected-devices-list';
import { DeviceDrawer } from './device-drawer';
import { DeviceFacts } from './device-facts';
import { HubStatus } from './hub-status';
import { LiveActionsMenu } from './live-actions-menu';

function ExpandToggle({
  open,
  serialNumber,
  onToggle,
}: {
  open: boolean;
  serialNumber: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      onClick={onToggle}
      aria-expanded={open}
      aria-label={t(open ? 'hub.support.collapse' : 'hub.support.expand', { serialNumber })}
    >
      <span aria-hidden style={{ display: 'inline-block', transform: open ? 'rotate(90deg)' : undefined }}>
        ›
      </span>
    </ActionIcon>
  );
}

function DeviceRow({ device, onDetails }: { device: ConnectedDevice; onDetails: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr data-testid="connected-device">
        <Table.Td>
          <ExpandToggle open={open} serialNumber={device.serialNumber} onToggle={() => setOpen(!open)} />
        </Table.Td>
        <Table.Td>
          <GaugeIcon aria-hidden />
        </Table.Td>
        <Table.Td>
          <SerialNumberLink serialNumber={device.serialNumber} fw={600} />
        </Table.Td>
        <Table.Td>{t(`hub.modes.${device.connectionMode}`)}</Table.Td>
        <Table.Td>
          {device.serie ? `${device.serie.deviceType} · ${device.serie.currentVersion ?? '—'}` : '…'}
        </Table.Td>
        <Table.Td>
          <LiveActivity device={device} />
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('hub.support.details_of', { serialNumber: device.serialNumber })}
              onClick={onDetails}
            >
              {t('hub.support.details')}
            </Button>
            <LiveActionsMenu device={device} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <DeviceFacts device={device} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
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
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>{t('hub.support.expand_column')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th w={32}>
                    <VisuallyHidden>{t('hub.list.icon')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t('hub.list.serial_number')}</Table.Th>
                  <Table.Th>{t('hub.support.connection')}</Table.Th>
                  <Table.Th>{t('hub.support.type_version')}</Table.Th>
                  <Table.Th>{t('hub.list.activity')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('hub.list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.map((device) => (
                  <DeviceRow
                    key={device.serialNumber}
                    device={device}
                    onDetails={() => setDrawer(device.serialNumber)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
