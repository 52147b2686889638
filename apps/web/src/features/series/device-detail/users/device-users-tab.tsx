import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CallState } from '../../../../components/call-state';
import { seriesDetailQueryOptions } from '../../api/series-detail';
import { Section } from '../../detail/section';
import { UsersTable } from '../../detail/users-table';
import { AssociateUserForm } from './associate-user-form';

/** The device's users, and the associate form for those who may associate one now. */
export function DeviceUsersTab() {
  const { t } = useTranslation();
  const serialNumber = useParams().serialNumber ?? '';
  const detail = useQuery(seriesDetailQueryOptions(serialNumber));
  return (
    <CallState call={detail}>
      {(device) => (
        <Stack gap="md">
          <UsersTable users={device.serieUsers ?? []} />
          {device.allowedActions.includes('associateUser') && (
            <Section title={t('series.detail.users.associate_title')}>
              <AssociateUserForm serialNumber={serialNumber} />
            </Section>
          )}
        </Stack>
      )}
    </CallState>
  );
}
