import type { Battery } from '@fleet/contract';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { batteryPath, paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { chemistryKey } from './vin-field';

/** The vehicles list filtered to those that take a battery. */
export const vehiclesOfBattery = (reference: string) =>
  `${paths.vindbCar.path}?${new URLSearchParams({ Battery: reference })}`;

/** A label above its value, as a record's page shows its fields. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </Stack>
  );
}

/** A battery's facts: on its own page, and on the page of a vehicle that takes it (with a link). */
export function BatteryFacts({ battery, linked = false }: { battery: Battery; linked?: boolean }) {
  const { t } = useTranslation();
  const opens = useCanUse('VINDB.BATTERY.DETAILS');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Fact label={t('vindb.fields.reference')}>
        {linked && opens ? (
          <Anchor component={Link} to={batteryPath(battery.reference)}>
            {battery.reference}
          </Anchor>
        ) : (
          battery.reference
        )}
      </Fact>
      <Fact label={t('vindb.fields.maker')}>{battery.maker}</Fact>
      <Fact label={t('vindb.fields.battery_model')}>{battery.model}</Fact>
      <Fact label={t('vindb.fields.chemistry')}>{t(chemistryKey(battery.chemistry))}</Fact>
      <Fact label={t('vindb.fields.capacity_ah')}>{battery.capacityAh}</Fact>
      <Fact label={t('vindb.fields.cold_cranking_amps')}>{battery.coldCrankingAmps}</Fact>
      <Fact label={t('vindb.fields.voltage')}>{battery.voltage}</Fact>
      {battery.notes && <Fact label={t('vindb.fields.notes')}>{battery.notes}</Fact>}
    </SimpleGrid>
  );
}

/** Who changed a record last, and when. */
export function ChangedBy({ record }: { record: { updatedAt: string; updatedBy: string | null } }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <Text size="xs" c="dimmed">
      {record.updatedBy
        ? t('vindb.record.changed_by', { date: date.long(record.updatedAt), user: record.updatedBy })
        : t('vindb.record.changed', { date: date.long(record.updatedAt) })}
    </Text>
  );
}
