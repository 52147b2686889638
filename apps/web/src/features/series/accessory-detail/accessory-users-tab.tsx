import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { accessoryUsersQueryOptions } from '../api/accessory-detail';
import { UsersTable } from '../detail/users-table';
import { AttachedDevice } from './attached-device';

function Users({ id, serialNumber }: { id: number; serialNumber: string }) {
  const { t } = useTranslation();
  const users = useQuery(accessoryUsersQueryOptions(id));
  return (
    <CallState call={users}>
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed" py="md">
            {t('series.accessory_detail.users.none', { serialNumber })}
          </Text>
        ) : (
          <UsersTable users={list} />
        )
      }
    </CallState>
  );
}

/** The users of the device the accessory is attached to. */
export function AccessoryUsersTab() {
  return (
    <AttachedDevice>
      {(serialNumber, accessory) => <Users id={accessory.id} serialNumber={serialNumber} />}
    </AttachedDevice>
  );
}
