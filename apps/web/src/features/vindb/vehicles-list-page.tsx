import { VEHICLE_LIST, VEHICLE_TOKENS, type Vehicle } from '@fleet/contract';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { DataColumn } from '../../components/table/data-table';
import { batteryPath, paths, vehiclePath } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { vehiclesQueryOptions } from './api';
import { useVehicleTokenOptions } from './vindb-tokens';

/** The vehicles of the VIN database (VINDB.CAR), searched, filtered and paged on the list engine. */
export function VehiclesListPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const opens = useCanUse('VINDB.CAR.DETAILS');
  const opensBattery = useCanUse('VINDB.BATTERY.DETAILS');
  const creates = useCanUse('VINDB.CAR.CREATE');
  const vehicles = useTokenList({
    definition: VEHICLE_LIST,
    rememberAs: 'vindb-vehicles',
    tokens: VEHICLE_TOKENS,
    query: vehiclesQueryOptions,
    errorAction: 'vindb.vehicles',
  });
  const options = useVehicleTokenOptions();
  const columns: DataColumn<Vehicle>[] = [
    {
      prop: 'vin',
      labelLang: 'vindb.fields.vin',
      sortable: true,
      sortBy: 'Vin',
      cell: (vehicle) => (
        <>
          {opens ? (
            <Anchor component={Link} to={vehiclePath(vehicle.vin)} ff="monospace" size="sm">
              {vehicle.vin}
            </Anchor>
          ) : (
            <Text ff="monospace" size="sm">
              {vehicle.vin}
            </Text>
          )}
          {!vehicle.checkDigitValid && (
            <Badge color="orange" variant="light" size="xs" ml="xs" tt="none">
              {t('vindb.vehicle.check_digit_badge')}
            </Badge>
          )}
        </>
      ),
    },
    {
      prop: 'make',
      labelLang: 'vindb.fields.make',
      sortable: true,
      sortBy: 'Make',
      cell: (vehicle) => vehicle.make,
    },
    {
      prop: 'model',
      labelLang: 'vindb.fields.model',
      sortable: true,
      sortBy: 'Model',
      cell: (vehicle) => vehicle.model,
    },
    {
      prop: 'year',
      labelLang: 'vindb.fields.year',
      sortable: true,
      sortBy: 'Year',
      type: 'number',
      styleJustify: 'right',
      cell: (vehicle) => vehicle.year,
    },
    { prop: 'engine', labelLang: 'vindb.fields.engine', cell: (vehicle) => vehicle.engine ?? '—' },
    {
      prop: 'battery',
      labelLang: 'vindb.fields.battery',
      cell: (vehicle) =>
        vehicle.batteryReference && opensBattery ? (
          <Anchor component={Link} to={batteryPath(vehicle.batteryReference)} size="sm">
            {vehicle.batteryReference}
          </Anchor>
        ) : (
          (vehicle.batteryReference ?? '—')
        ),
    },
    {
      prop: 'updatedAt',
      labelLang: 'vindb.fields.updated_at',
      sortable: true,
      sortBy: 'UpdatedAt',
      type: 'date',
      cell: (vehicle) => date.short(vehicle.updatedAt),
    },
  ];
  return (
    <TokenListFrame
      state={vehicles}
      items={(data) => data.vehicles}
      summary={(count) => t('vindb.vehicles.total', { count })}
      empty={{ title: t('vindb.vehicles.empty_title'), text: t('vindb.vehicles.empty_text') }}
      freeTextType="Search"
      options={options}
      actions={
        creates && (
          <Button component={Link} to={paths.vindbCarCreate.path}>
            {t('vindb.vehicle.create')}
          </Button>
        )
      }
      table={{
        label: t('vindb.vehicles.table'),
        columns,
        rowKey: (vehicle) => vehicle.vin,
        minWidth: 760,
      }}
    />
  );
}
