import { Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allTimeZones, zoneLabel } from './time-zone-labels';
import { TimeZoneMap } from './time-zone-map';

export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const now = new Date();
    return allTimeZones().map((zone) => ({ value: zone, label: zoneLabel(zone, now) }));
  }, []);
  return (
    <Stack gap="sm">
      <Select
        label={t('settings.time_zone.label')}
        description={t('settings.time_zone.description')}
        data={options}
        value={value}
        onChange={(zone) => zone && onChange(zone)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('settings.time_zone.nothing_found')}
        maw={420}
      />
      <Text size="sm" c="dimmed">
        {t('settings.time_zone.map_hint')}
      </Text>
      <TimeZoneMap value={value} onChange={onChange} />
    </Stack>
  );
}
