import type { ConnectedDevice } from '@fleet/contract';
import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../hooks/use-me';
import { deviceStatusKey } from '../devices/device-status';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

/** The card data of a connected device (spec §4: its series, fetched when it connected). */
export function DeviceFacts({ device }: { device: ConnectedDevice }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const serie = device.serie;
  const technician = device.userId === me?.sub ? t('hub.facts.you') : t('hub.facts.another_technician');
  if (!serie) return <Skeleton height={60} aria-label={t('hub.facts.loading')} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing={6}>
      <Fact label={t('hub.facts.description')} value={serie.description} />
      <Fact label={t('hub.facts.type')} value={`${serie.deviceType} · ${serie.maker}`} />
      <Fact label={t('hub.facts.status')} value={t(deviceStatusKey(serie.deviceStatus))} />
      <Fact label={t('hub.facts.software')} value={serie.currentVersion} />
      <Fact label={t('hub.facts.database')} value={serie.currentDBVersion} />
      <Fact label={t('hub.facts.store')} value={serie.officialStoreCode} />
      <Fact label={t('hub.facts.connection')} value={t(`hub.modes.${device.connectionMode}`)} />
      <Fact label={t('hub.facts.technician')} value={technician} />
    </SimpleGrid>
  );
}
