import type { Accessory } from '@fleet/contract';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { SerialNumberLink } from '../serial-number-link';

export function AccessoryCard({ accessory }: { accessory: Accessory }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <Card component="article" aria-label={accessory.serialNumber} withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <SerialNumberLink serialNumber={accessory.serialNumber} fw={600} />
        <Text size="sm" lineClamp={1} c={accessory.description ? undefined : 'dimmed'}>
          {accessory.description ?? t('series.accessories.no_description')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('series.accessories.part_number', { partNumber: accessory.partNumber })}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('series.accessories.attached_to')}
          </Text>
          {accessory.seriesSerialNumber ? (
            <SerialNumberLink serialNumber={accessory.seriesSerialNumber} size="sm" />
          ) : (
            <Text size="sm">{t('series.accessories.not_attached')}</Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('series.accessories.registered', { date: date.short(accessory.registrationDate) })}
        </Text>
      </Stack>
    </Card>
  );
}
