import type { Accessory } from '@fleet/contract';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useRovingFocus } from '../../../hooks/use-roving-focus';
import classes from '../devices/device-card.module.css';
import { SerialNumberLink } from '../../../components/serial-number-link';

/** One accessory of the list: one tab stop, its serial number; the arrow keys reach the attached device's link. */
export function AccessoryCard({ accessory }: { accessory: Accessory }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const roving = useRovingFocus<HTMLElement>();
  const hintId = useId();
  const attached = accessory.seriesSerialNumber;
  return (
    <Card
      component="article"
      aria-label={accessory.serialNumber}
      withBorder
      radius="md"
      padding="sm"
      className={classes.card}
      {...roving}
    >
      <Stack gap={6} className={classes.body}>
        <SerialNumberLink
          serialNumber={accessory.serialNumber}
          fw={600}
          aria-describedby={attached ? hintId : undefined}
          data-roving-entry
        />
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
          {attached ? (
            <SerialNumberLink serialNumber={attached} size="sm" />
          ) : (
            <Text size="sm">{t('series.accessories.not_attached')}</Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" className={classes.actions}>
          {t('series.accessories.registered', { date: date.short(accessory.registrationDate) })}
        </Text>
      </Stack>
      {attached && (
        <span id={hintId} className={classes.hint} aria-hidden>
          {t('series.card.arrow_keys')}
        </span>
      )}
    </Card>
  );
}
