import { serialNumberRoute } from '@fleet/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../../components/call-state';
import { seriesDetailQueryOptions } from '../api/series-detail';
import { deviceStatusColour, deviceStatusKey } from '../devices/device-status';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { AttachedDevice } from './attached-device';

function DeviceCard({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const detail = useQuery(seriesDetailQueryOptions(serialNumber));
  return (
    <CallState call={detail}>
      {(device) => (
        <Card
          component="article"
          aria-label={device.serialNumber}
          withBorder
          radius="md"
          padding="md"
          maw={520}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <SerialNumberLink serialNumber={device.serialNumber} fw={600} truncate />
              <Badge color={deviceStatusColour(device.deviceStatus)} variant="light" tt="none">
                {t(deviceStatusKey(device.deviceStatus))}
              </Badge>
            </Group>
            <Text size="sm" c={device.description ? undefined : 'dimmed'}>
              {device.description ?? t('series.devices.no_description')}
            </Text>
            <Text size="xs" c="dimmed">
              {[device.deviceType, device.maker, device.currentVersion].filter(Boolean).join(' · ')}
            </Text>
            {device.officialStoreCode && (
              <Text size="sm">
                {t('series.devices.store')} {device.officialStoreCode}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                component={Link}
                to={serialNumberRoute(device.serialNumber)}
                size="compact-sm"
                variant="light"
              >
                {t('series.devices.details')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </CallState>
  );
}

/** The device the accessory is attached to, as a card leading to its page. */
export function AccessorySeriesTab() {
  return <AttachedDevice>{(serialNumber) => <DeviceCard serialNumber={serialNumber} />}</AttachedDevice>;
}
