import { VEHICLE_LIST, VEHICLE_TOKENS } from '@fleet/contract';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListControls } from '../../components/list/list-controls';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
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
      controls={
        <ListControls
          list={vehicles.list}
          dispatch={vehicles.dispatch}
          columns={[
            { value: 'Vin', label: t('vindb.fields.vin') },
            { value: 'Make', label: t('vindb.fields.make') },
            { value: 'Model', label: t('vindb.fields.model') },
            { value: 'Year', label: t('vindb.fields.year') },
            { value: 'UpdatedAt', label: t('vindb.fields.updated_at') },
          ]}
        />
      }
    >
      {(page) => (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover aria-label={t('vindb.vehicles.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vindb.fields.vin')}</Table.Th>
                <Table.Th>{t('vindb.fields.make')}</Table.Th>
                <Table.Th>{t('vindb.fields.model')}</Table.Th>
                <Table.Th ta="right">{t('vindb.fields.year')}</Table.Th>
                <Table.Th>{t('vindb.fields.engine')}</Table.Th>
                <Table.Th>{t('vindb.fields.battery')}</Table.Th>
                <Table.Th>{t('vindb.fields.updated_at')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.map((vehicle) => (
                <Table.Tr key={vehicle.vin} data-testid="vehicle-row">
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>{vehicle.make}</Table.Td>
                  <Table.Td>{vehicle.model}</Table.Td>
                  <Table.Td ta="right">{vehicle.year}</Table.Td>
                  <Table.Td>{vehicle.engine ?? '—'}</Table.Td>
                  <Table.Td>
                    {vehicle.batteryReference && opensBattery ? (
                      <Anchor component={Link} to={batteryPath(vehicle.batteryReference)} size="sm">
                        {vehicle.batteryReference}
                      </Anchor>
                    ) : (
                      (vehicle.batteryReference ?? '—')
                    )}
                  </Table.Td>
                  <Table.Td>{date.short(vehicle.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TokenListFrame>
  );
}
