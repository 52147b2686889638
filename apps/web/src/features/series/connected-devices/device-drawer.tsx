import type { ConnectedDevice, ListState, UpdateEntry } from '@fleet/contract';
import { Button, Stack, Table, Tabs, Text } from '@mantine/core';
import { SideDrawer } from '../../../components/side-drawer';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serialNumberRoute } from '@fleet/contract';
import { CallState } from '../../../components/call-state';
import { useDateFormat } from '../../../hooks/use-date-format';
import { updateHistoryQueryOptions } from '../api/device-records';
import { DeviceFacts } from './device-facts';

const RECENT_UPDATES: ListState = {
  pageNumber: 1,
  pageSize: 10,
  sortColumnName: 'UpdateDate',
  sortOrder: 'DESC',
  cursor: null,
  filters: {},
};

function UpdatesOffered({ device }: { device: ConnectedDevice }) {
  const { t } = useTranslation();
  if (device.updates.length === 0) return <Text c="dimmed">{t('hub.updates.none')}</Text>;
  return (
    <Stack gap="sm">
      {device.updates.map((offer) => (
        <div key={`${offer.kind}-${offer.version}`}>
          <Text fw={600}>
            {offer.version} · {t(`hub.kinds.${offer.kind}`)}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {offer.notes || t('hub.updates.no_notes')}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function UpdateHistoryTable({ entries }: { entries: UpdateEntry[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (entries.length === 0) return <Text c="dimmed">{t('hub.drawer.no_history')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('hub.drawer.date')}</Table.Th>
            <Table.Th>{t('hub.drawer.version')}</Table.Th>
            <Table.Th>{t('hub.drawer.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.updateDate}-${entry.toVersion}`}>
              <Table.Td>{date.long(entry.updateDate)}</Table.Td>
              <Table.Td>
                {entry.fromVersion ? `${entry.fromVersion} → ` : ''}
                {entry.toVersion}
              </Table.Td>
              <Table.Td>{t(`hub.drawer.states.${entry.state}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RecentUpdates({ serialNumber }: { serialNumber: string }) {
  const history = useQuery(updateHistoryQueryOptions(serialNumber, RECENT_UPDATES));
  return (
    <CallState call={history}>{(data) => <UpdateHistoryTable entries={data.updateHistory} />}</CallState>
  );
}

/**
 * Spec §2: the tab drawer of a connected device; each tab loads when it is first opened (§9), the device
 * page is a link away.
 */
export function DeviceDrawer({ device, onClose }: { device: ConnectedDevice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('info');
  return (
    <SideDrawer
      opened={device !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={device ? t('hub.drawer.title', { serialNumber: device.serialNumber }) : ''}
    >
      {device && (
        <Stack gap="md">
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="info">{t('hub.drawer.tabs.info')}</Tabs.Tab>
              <Tabs.Tab value="offers">{t('hub.drawer.tabs.offers')}</Tabs.Tab>
              <Tabs.Tab value="history">{t('hub.drawer.tabs.history')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="info" pt="md">
              <DeviceFacts device={device} />
            </Tabs.Panel>
            <Tabs.Panel value="offers" pt="md">
              <UpdatesOffered device={device} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <RecentUpdates serialNumber={device.serialNumber} />
            </Tabs.Panel>
          </Tabs>
          <Button component={Link} to={serialNumberRoute(device.serialNumber)} variant="light">
            {t('hub.drawer.open_page')}
          </Button>
        </Stack>
      )}
    </SideDrawer>
  );
}
