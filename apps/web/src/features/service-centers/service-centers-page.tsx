import { SERVICE_CENTER_OPENERS, type ServiceCenter } from '@fleet/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { useMe } from '../../hooks/use-me';
import { useRegionName } from '../../hooks/use-region-name';
import { ActiveBadge } from '../../components/records/active';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { serviceCentersQuery } from './api';
import { openServiceCenterDialog } from './service-center-dialog';

/** The centers table's columns; a center is changed in its dialog (`edit`). */
function useCenterColumns(edit: (center: ServiceCenter) => Promise<unknown>): DataColumn<ServiceCenter>[] {
  const { t } = useTranslation();
  const region = useRegionName();
  return [
    {
      prop: 'center',
      labelLang: 'service_centers.columns.center',
      forceNormalWordBreak: true,
      cell: (center) => (
        <>
          {center.name}
          <Text size="xs" c="dimmed" ff="monospace">
            {center.code}
          </Text>
        </>
      ),
    },
    {
      prop: 'place',
      labelLang: 'service_centers.columns.place',
      forceNormalWordBreak: true,
      cell: (center) => (
        <>
          {[center.address.locality, center.address.regionCode && region(center.address.regionCode)]
            .filter(Boolean)
            .join(', ')}
          {center.email && (
            <Text size="xs" c="dimmed">
              {center.email}
            </Text>
          )}
        </>
      ),
    },
    {
      prop: 'deviceTypes',
      labelLang: 'service_centers.columns.device_types',
      cell: (center) => (
        <Group gap={4}>
          {center.deviceTypes.map((type) => (
            <Badge key={type} variant="outline" size="sm">
              {type}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      prop: 'staff',
      labelLang: 'service_centers.columns.staff',
      forceNormalWordBreak: true,
      cell: (center) => center.staff.map((member) => member.name).join(', ') || '—',
    },
    {
      prop: 'orders',
      labelLang: 'service_centers.columns.orders',
      cell: (center) => (
        <>
          {t('service_centers.orders', { count: center.openOrderCount })}
          <Text size="xs" c="dimmed">
            {t('service_centers.steps', { count: center.stepCount })}
          </Text>
        </>
      ),
    },
    {
      prop: 'status',
      labelLang: 'service_centers.columns.status',
      type: 'status',
      cell: (center) => <ActiveBadge active={center.active} />,
    },
    {
      prop: 'actions',
      labelLang: 'service_centers.columns.actions',
      type: 'action',
      cell: (center) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void edit(center)}
          aria-label={t('service_centers.edit_of', { name: center.name })}
        >
          {t('service_centers.edit')}
        </Button>
      ),
    },
  ];
}

/**
 * Service centers (SERVICE_CENTERS): where devices are calibrated, the device types each calibrates and
 * its staff; external service-center managers see and change their own.
 */
export function ServiceCentersPage() {
  const { t } = useTranslation();
  const centers = useQuery(serviceCentersQuery);
  const { data: me } = useMe();
  const opens = me?.roles.some((role) => SERVICE_CENTER_OPENERS.includes(role)) ?? false;
  // The dialog's change reloads the centers before it closes.
  const edit = (center: ServiceCenter | null) => openServiceCenterDialog(center);
  const columns = useCenterColumns(edit);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={720}>
          {t('service_centers.intro')}
        </Text>
        {opens && <Button onClick={() => void edit(null)}>{t('service_centers.add')}</Button>}
      </Group>
      <CallState call={centers}>
        {(data) =>
          data.serviceCenters.length === 0 ? (
            <Text c="dimmed">{t('service_centers.empty')}</Text>
          ) : (
            <DataTable
              label={t('service_centers.table')}
              columns={columns}
              items={data.serviceCenters}
              rowKey={(center) => String(center.id)}
              minWidth={900}
            />
          )
        }
      </CallState>
    </Stack>
  );
}
