import type { Accessory } from '@fleet/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { SerialNumberLink } from '../../../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../../../components/table/data-table';

/** The accessories attached to the device, each leading to its own page. */
export function AccessoriesTable({ accessories }: { accessories: readonly Accessory[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (accessories.length === 0) {
    return <Text c="dimmed">{t('series.detail.accessories.none')}</Text>;
  }
  const columns: DataColumn<Accessory>[] = [
    {
      prop: 'serialNumber',
      labelLang: 'series.detail.components.serial_number',
      cell: (accessory) => <SerialNumberLink serialNumber={accessory.serialNumber} />,
    },
    {
      prop: 'partNumber',
      labelLang: 'series.detail.components.part_number',
      cell: (accessory) => accessory.partNumber,
    },
    {
      prop: 'description',
      labelLang: 'series.detail.description.label',
      forceNormalWordBreak: true,
      cell: (accessory) => accessory.description,
    },
    {
      prop: 'registrationDate',
      labelLang: 'series.detail.general.registration_date',
      type: 'date',
      cell: (accessory) => date.short(accessory.registrationDate),
    },
  ];
  return (
    <DataTable
      label={t('series.detail.accessories.title')}
      columns={columns}
      items={accessories}
      rowKey={(accessory) => String(accessory.id)}
      minWidth={560}
    />
  );
}
