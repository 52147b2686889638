import type { Accessory } from '@fleet/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { SerialNumberLink } from '../../../../components/serial-number-link';

/** The accessories attached to the device, each leading to its own page. */
export function AccessoriesTable({ accessories }: { accessories: readonly Accessory[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (accessories.length === 0) {
    return <Text c="dimmed">{t('series.detail.accessories.none')}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={t('series.detail.accessories.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('series.detail.components.serial_number')}</Table.Th>
            <Table.Th>{t('series.detail.components.part_number')}</Table.Th>
            <Table.Th>{t('series.detail.description.label')}</Table.Th>
            <Table.Th>{t('series.detail.general.registration_date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accessories.map((accessory) => (
            <Table.Tr key={accessory.id}>
              <Table.Td>
                <SerialNumberLink serialNumber={accessory.serialNumber} />
              </Table.Td>
              <Table.Td>{accessory.partNumber}</Table.Td>
              <Table.Td>{accessory.description}</Table.Td>
              <Table.Td>{date.short(accessory.registrationDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
