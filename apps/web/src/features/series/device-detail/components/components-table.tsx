import type { Component } from '@fleet/contract';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComponentActions } from './component-actions';
import { COMPONENT_STATUS_COLOURS } from './component-status';

interface ComponentsTableProps {
  serialNumber: string;
  components: readonly Component[];
  /** Spec §6: the actions column is for some roles only. */
  withActions: boolean;
}

export function ComponentsTable({ serialNumber, components, withActions }: ComponentsTableProps) {
  const { t } = useTranslation();
  if (components.length === 0) {
    return <Text c="dimmed">{t('series.detail.components.none')}</Text>;
  }
  const column = (key: string) => <Table.Th>{t(`series.detail.components.${key}`)}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={t('series.detail.components.title')}>
        <Table.Thead>
          <Table.Tr>
            {column('name')}
            {column('part_number')}
            {column('serial_number')}
            {column('version')}
            {column('status_column')}
            {withActions && column('actions')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {components.map((component) => (
            <Table.Tr key={component.id}>
              <Table.Td>{component.name}</Table.Td>
              <Table.Td>{component.partNumber}</Table.Td>
              <Table.Td>{component.serialNumber}</Table.Td>
              <Table.Td>{component.version}</Table.Td>
              <Table.Td>
                <Badge color={COMPONENT_STATUS_COLOURS[component.status]} variant="light" tt="none">
                  {t(`series.detail.components.status.${component.status}`)}
                </Badge>
              </Table.Td>
              {withActions && (
                <Table.Td>
                  <ComponentActions serialNumber={serialNumber} component={component} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
