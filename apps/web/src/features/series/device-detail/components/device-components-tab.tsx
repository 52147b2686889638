import { ADD_COMPONENT_ROLES, hasAnyRole } from '@fleet/contract';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CallState } from '../../../../components/call-state';
import { useMe } from '../../../../hooks/use-me';
import { componentsQueryOptions } from '../../api/components';
import { seriesDetailQueryOptions } from '../../api/series-detail';
import { Section } from '../../detail/section';
import { AccessoriesTable } from './accessories-table';
import { AddComponentForm } from './add-component-form';
import { ComponentsTable } from './components-table';

/** Components and accessories (spec §2); adding and the actions column for the roles of spec §6. */
export function DeviceComponentsTab() {
  const { t } = useTranslation();
  const serialNumber = useParams().serialNumber ?? '';
  const roles = useMe().data?.roles ?? [];
  const components = useQuery(componentsQueryOptions(serialNumber));
  const detail = useQuery(seriesDetailQueryOptions(serialNumber));

  return (
    <Stack gap="md">
      <Section title={t('series.detail.components.title')}>
        <CallState call={components}>
          {(list) => <ComponentsTable serialNumber={serialNumber} components={list} />}
        </CallState>
      </Section>
      {hasAnyRole(ADD_COMPONENT_ROLES, roles) && (
        <Section title={t('series.detail.components.add_title')}>
          <AddComponentForm serialNumber={serialNumber} />
        </Section>
      )}
      <Section title={t('series.detail.accessories.title')}>
        <CallState call={detail}>
          {(device) => <AccessoriesTable accessories={device.accessories ?? []} />}
        </CallState>
      </Section>
    </Stack>
  );
}
