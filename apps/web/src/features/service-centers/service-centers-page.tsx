import { SERVICE_CENTER_OPENERS, type ServiceCenter } from '@fleet/contract';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { useMe } from '../../hooks/use-me';
import { useRegionName } from '../../hooks/use-region-name';
import { ActiveBadge } from '../../components/records/active';
import { serviceCentersQuery } from './api';
import { openServiceCenterDialog } from './service-center-dialog';

/**
 * Service centers (SERVICE_CENTERS): where devices are calibrated, the device types each calibrates and
 * its staff; external service-center managers see and change their own.
 */
export function ServiceCentersPage() {
  const { t } = useTranslation();
  const region = useRegionName();
  const centers = useQuery(serviceCentersQuery);
  const { data: me } = useMe();
  const opens = me?.roles.some((role) => SERVICE_CENTER_OPENERS.includes(role)) ?? false;
  // The dialog's change reloads the centers before it closes.
  const edit = (center: ServiceCenter | null) => openServiceCenterDialog(center);
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
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" aria-label={t('service_centers.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {['center', 'place', 'device_types', 'staff', 'orders', 'status', 'actions'].map(
                      (column) => (
                        <Table.Th key={column}>{t(`service_centers.columns.${column}`)}</Table.Th>
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.serviceCenters.map((center) => (
                    <Table.Tr key={center.id} data-testid="service-center-row">
                      <Table.Td>
                        {center.name}
                        <Text size="xs" c="dimmed" ff="monospace">
                          {center.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {[
                          center.address.locality,
                          center.address.regionCode && region(center.address.regionCode),
                        ]
                          .filter(Boolean)
                          .join(', ')}
                        {center.email && (
                          <Text size="xs" c="dimmed">
                            {center.email}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {center.deviceTypes.map((type) => (
                            <Badge key={type} variant="outline" size="sm">
                              {type}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{center.staff.map((member) => member.name).join(', ') || '—'}</Table.Td>
                      <Table.Td>
                        {t('service_centers.orders', { count: center.openOrderCount })}
                        <Text size="xs" c="dimmed">
                          {t('service_centers.steps', { count: center.stepCount })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <ActiveBadge active={center.active} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => void edit(center)}
                          aria-label={t('service_centers.edit_of', { name: center.name })}
                        >
                          {t('service_centers.edit')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </CallState>
    </Stack>
  );
}
