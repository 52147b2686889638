import { hasAnyRole, SERIES_USER_EMAIL_ROLES, type SeriesUser } from '@fleet/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../hooks/use-me';

/** A device's users; the email column only for the roles the server sends emails to (spec §6). */
export function UsersTable({ users }: { users: readonly SeriesUser[] }) {
  const { t } = useTranslation();
  const withEmail = hasAnyRole(SERIES_USER_EMAIL_ROLES, useMe().data?.roles ?? []);
  if (users.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {t('series.detail.users.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={t('series.detail.users.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('series.detail.users.username')}</Table.Th>
            {withEmail && <Table.Th>{t('series.detail.users.email')}</Table.Th>}
            <Table.Th>{t('series.detail.users.user_id')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.userUID}>
              <Table.Td>{user.username}</Table.Td>
              {withEmail && <Table.Td>{user.email ?? ''}</Table.Td>}
              <Table.Td>
                <Text size="sm" ff="monospace" c="dimmed">
                  {user.userUID}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
