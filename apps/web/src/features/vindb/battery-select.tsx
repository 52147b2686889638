import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batteriesQueryOptions } from './api';

interface BatterySelectProps {
  value: string | null;
  onChange: (reference: string | null) => void;
  error?: string;
}

/** The battery a vehicle takes, picked among the recorded ones (searched on the server as one types). */
export function BatterySelect({ value, onChange, error }: BatterySelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search, 250);
  const query = new URLSearchParams({ PageSize: '100', SortColumnName: 'Reference' });
  if (searched.trim() && searched !== value) query.set('Search', searched.trim());
  const batteries = useQuery({ ...batteriesQueryOptions(query), placeholderData: keepPreviousData });
  const data = (batteries.data?.batteries ?? []).map((battery) => ({
    value: battery.reference,
    label: `${battery.reference} · ${battery.maker}${battery.model ? ` ${battery.model}` : ''}`,
  }));
  // The current battery stays a choice while the search shows others.
  if (value && !data.some((option) => option.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label={t('vindb.fields.battery')}
      placeholder={t('vindb.vehicle.no_battery')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('vindb.vehicle.no_battery_found')}
      error={error}
    />
  );
}
