import { BATTERY_LIST, BATTERY_TOKENS } from '@fleet/contract';
import { Anchor, Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListControls } from '../../components/list/list-controls';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
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
      controls={
        <ListControls
          list={batteries.list}
          dispatch={batteries.dispatch}
          columns={[
            { value: 'Reference', label: t('vindb.fields.reference') },
            { value: 'Maker', label: t('vindb.fields.maker') },
            { value: 'CapacityAh', label: t('vindb.fields.capacity_ah') },
            { value: 'Voltage', label: t('vindb.fields.voltage') },
            { value: 'UpdatedAt', label: t('vindb.fields.updated_at') },
          ]}
        />
      }
    >
      {(page) => (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover aria-label={t('vindb.batteries.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vindb.fields.reference')}</Table.Th>
                <Table.Th>{t('vindb.fields.maker')}</Table.Th>
                <Table.Th>{t('vindb.fields.battery_model')}</Table.Th>
                <Table.Th>{t('vindb.fields.chemistry')}</Table.Th>
                <Table.Th ta="right">{t('vindb.fields.capacity_ah')}</Table.Th>
                <Table.Th ta="right">{t('vindb.fields.cold_cranking_amps')}</Table.Th>
                <Table.Th ta="right">{t('vindb.fields.voltage')}</Table.Th>
                <Table.Th ta="right">{t('vindb.fields.vehicles')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.map((battery) => (
                <Table.Tr key={battery.reference} data-testid="battery-row">
                  <Table.Td>
                    {opens ? (
                      <Anchor component={Link} to={batteryPath(battery.reference)} size="sm">
                        {battery.reference}
                      </Anchor>
                    ) : (
                      battery.reference
                    )}
                  </Table.Td>
                  <Table.Td>{battery.maker}</Table.Td>
                  <Table.Td>{battery.model ?? '—'}</Table.Td>
                  <Table.Td>{t(chemistryKey(battery.chemistry))}</Table.Td>
                  <Table.Td ta="right">{battery.capacityAh ?? '—'}</Table.Td>
                  <Table.Td ta="right">{battery.coldCrankingAmps ?? '—'}</Table.Td>
                  <Table.Td ta="right">{battery.voltage}</Table.Td>
                  <Table.Td ta="right">
                    {listsVehicles && battery.vehicleCount > 0 ? (
                      <Anchor component={Link} to={vehiclesOfBattery(battery.reference)} size="sm">
                        {battery.vehicleCount}
                      </Anchor>
                    ) : (
                      battery.vehicleCount
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TokenListFrame>
  );
}
