import type { ConnectedDevice, ListState, UpdateEntry } from '@fleet/contract';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { DynamicTabs } from '../../../components/dynamic-tabs';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
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
  const columns: DataColumn<UpdateEntry>[] = [
    {
      prop: 'updateDate',
      labelLang: 'hub.drawer.date',
      type: 'date',
      cell: (entry) => date.long(entry.updateDate),
    },
    {
      prop: 'toVersion',
      labelLang: 'hub.drawer.version',
      cell: (entry) => `${entry.fromVersion ? `${entry.fromVersion} → ` : ''}${entry.toVersion}`,
    },
    { prop: 'state', labelLang: 'hub.drawer.state', cell: (entry) => t(`hub.drawer.states.${entry.state}`) },
  ];
  return (
    <DataTable
      label={t('hub.drawer.tabs.history')}
      columns={columns}
      items={entries}
      rowKey={(entry) => `${entry.updateDate}-${entry.toVersion}`}
      minWidth={360}
    />
  );
}

function RecentUpdates({ serialNumber }: { serialNumber: string }) {
  const history = useQuery(updateHistoryQueryOptions(serialNumber, RECENT_UPDATES));
  return (
    <CallState call={history}>{(data) => <UpdateHistoryTable entries={data.updateHistory} />}</CallState>
  );
}

/** The drawer's tabs (dynamic mode): facts, updates offered and recent updates, each rendered when chosen. */
export function DeviceDrawerTabs({ device }: { device: ConnectedDevice }) {
  const { t } = useTranslation();
  return (
    <DynamicTabs
      label={t('hub.drawer.tabs.label')}
      tabs={[
        {
          name: 'info',
          label: t('hub.drawer.tabs.info'),
          feature: null,
          render: () => <DeviceFacts device={device} />,
        },
        {
          name: 'offers',
          label: t('hub.drawer.tabs.offers'),
          feature: null,
          render: () => <UpdatesOffered device={device} />,
        },
        {
          name: 'history',
          label: t('hub.drawer.tabs.history'),
          feature: 'SERIES.DETAILS.UPDATES',
          render: () => <RecentUpdates serialNumber={device.serialNumber} />,
        },
      ]}
    />
  );
}
