import { COMPONENT_ACTION_ROLES, type Component } from '@fleet/contract';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/table/data-table';
import { ComponentActions } from './component-actions';
import { COMPONENT_STATUS_COLOURS } from './component-status';

interface ComponentsTableProps {
  serialNumber: string;
  components: readonly Component[];
}

export function ComponentsTable({ serialNumber, components }: ComponentsTableProps) {
  const { t } = useTranslation();
  if (components.length === 0) {
    return <Text c="dimmed">{t('series.detail.components.none')}</Text>;
  }
  const columns: DataColumn<Component>[] = [
    {
      prop: 'name',
      labelLang: 'series.detail.components.name',
      forceNormalWordBreak: true,
      cell: (component) => component.name,
    },
    {
      prop: 'partNumber',
      labelLang: 'series.detail.components.part_number',
      cell: (component) => component.partNumber,
    },
    {
      prop: 'serialNumber',
      labelLang: 'series.detail.components.serial_number',
      cell: (component) => component.serialNumber,
    },
    {
      prop: 'version',
      labelLang: 'series.detail.components.version',
      cell: (component) => component.version,
    },
    {
      prop: 'status',
      labelLang: 'series.detail.components.status_column',
      type: 'status',
      cell: (component) => (
        <Badge color={COMPONENT_STATUS_COLOURS[component.status]} variant="light" tt="none">
          {t(`series.detail.components.status.${component.status}`)}
        </Badge>
      ),
    },
    {
      prop: 'actions',
      labelLang: 'series.detail.components.actions',
      type: 'action',
      // Spec §6: the actions column is for some roles only.
      roles: COMPONENT_ACTION_ROLES,
      cell: (component) => <ComponentActions serialNumber={serialNumber} component={component} />,
    },
  ];
  return (
    <DataTable
      label={t('series.detail.components.title')}
      columns={columns}
      items={components}
      rowKey={(component) => String(component.id)}
      minWidth={720}
    />
  );
}
