import { BATTERY_LIST, BATTERY_TOKENS, type Battery } from '@fleet/contract';
import { Anchor, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { DataColumn } from '../../components/table/data-table';
import { batteryPath, paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { batteriesQueryOptions } from './api';
import { vehiclesOfBattery } from './battery-view';
import { useBatteryTokenOptions } from './vindb-tokens';
import { chemistryKey } from './vin-field';

/** The batteries of the VIN database (VINDB.BATTERY), searched, filtered and paged on the list engine. */
export function BatteriesListPage() {
  const { t } = useTranslation();
  const opens = useCanUse('VINDB.BATTERY.DETAILS');
  const creates = useCanUse('VINDB.BATTERY.CREATE');
  const listsVehicles = useCanUse('VINDB.CAR');
  const batteries = useTokenList({
    definition: BATTERY_LIST,
    rememberAs: 'vindb-batteries',
    tokens: BATTERY_TOKENS,
    query: batteriesQueryOptions,
    errorAction: 'vindb.batteries',
  });
  const options = useBatteryTokenOptions();
  const columns: DataColumn<Battery>[] = [
    {
      prop: 'reference',
      labelLang: 'vindb.fields.reference',
      sortable: true,
      sortBy: 'Reference',
      cell: (battery) =>
        opens ? (
          <Anchor component={Link} to={batteryPath(battery.reference)} size="sm">
            {battery.reference}
          </Anchor>
        ) : (
          battery.reference
        ),
    },
    {
      prop: 'maker',
      labelLang: 'vindb.fields.maker',
      sortable: true,
      sortBy: 'Maker',
      cell: (battery) => battery.maker,
    },
    { prop: 'model', labelLang: 'vindb.fields.battery_model', cell: (battery) => battery.model ?? '—' },
    {
      prop: 'chemistry',
      labelLang: 'vindb.fields.chemistry',
      cell: (battery) => t(chemistryKey(battery.chemistry)),
    },
    {
      prop: 'capacityAh',
      labelLang: 'vindb.fields.capacity_ah',
      sortable: true,
      sortBy: 'CapacityAh',
      type: 'number',
      styleJustify: 'right',
      cell: (battery) => battery.capacityAh ?? '—',
    },
    {
      prop: 'coldCrankingAmps',
      labelLang: 'vindb.fields.cold_cranking_amps',
      type: 'number',
      styleJustify: 'right',
      cell: (battery) => battery.coldCrankingAmps ?? '—',
    },
    {
      prop: 'voltage',
      labelLang: 'vindb.fields.voltage',
      sortable: true,
      sortBy: 'Voltage',
      type: 'number',
      styleJustify: 'right',
      cell: (battery) => battery.voltage,
    },
    {
      prop: 'vehicleCount',
      labelLang: 'vindb.fields.vehicles',
      type: 'number',
      styleJustify: 'right',
      cell: (battery) =>
        listsVehicles && battery.vehicleCount > 0 ? (
          <Anchor component={Link} to={vehiclesOfBattery(battery.reference)} size="sm">
            {battery.vehicleCount}
          </Anchor>
        ) : (
          battery.vehicleCount
        ),
    },
  ];
  return (
    <TokenListFrame
      state={batteries}
      items={(data) => data.batteries}
      summary={(count) => t('vindb.batteries.total', { count })}
      empty={{ title: t('vindb.batteries.empty_title'), text: t('vindb.batteries.empty_text') }}
      freeTextType="Search"
      options={options}
      actions={
        creates && (
          <Button component={Link} to={paths.vindbBatteryCreate.path}>
            {t('vindb.battery.create')}
          </Button>
        )
      }
      table={{
        label: t('vindb.batteries.table'),
        columns,
        rowKey: (battery) => battery.reference,
        minWidth: 760,
      }}
    />
  );
}
