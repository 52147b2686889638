import { hasAnyRole, SERIES_USER_EMAIL_ROLES, TIMING, type SeriesUser } from '@fleet/contract';
import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/icons';
import { useCopyText } from '../../../hooks/use-copy-text';
import { useMe } from '../../../hooks/use-me';

/**
 * A device's users: username, and the email for the roles the server sends emails to (spec §6). The user
 * ID is no column: the copy button beside the username shows it in its tooltip and copies it.
 */
export function UsersTable({ users }: { users: readonly SeriesUser[] }) {
  const { t } = useTranslation();
  const withEmail = hasAnyRole(SERIES_USER_EMAIL_ROLES, useMe().data?.roles ?? []);
  const copy = useCopyText();
  const [copied, setCopied] = useState<SeriesUser | null>(null);
  if (users.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {t('series.detail.users.none')}
      </Text>
    );
  }
  // Shown in the tooltip of the button that copied, and read out by screen readers.
  const message =
    copied && copy.state !== 'idle'
      ? t(copy.state === 'copied' ? 'series.detail.users.id_copied' : 'series.detail.users.id_copy_failed', {
          username: copied.username,
        })
      : '';
  const copyId = (user: SeriesUser) => {
    setCopied(user);
    void copy.copy(user.userUID);
  };
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label={t('series.detail.users.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('series.detail.users.username')}</Table.Th>
              {withEmail && <Table.Th>{t('series.detail.users.email')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.userUID}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {user.username}
                    </Text>
                    <Tooltip
                      label={
                        copied === user && message
                          ? message
                          : t('series.detail.users.id_tooltip', { id: user.userUID })
                      }
                      openDelay={TIMING.popoverDelayMs}
                      events={{ hover: true, focus: true, touch: true }}
                      withArrow
                    >
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={t('series.detail.users.copy_id', { username: user.username })}
                        onClick={() => copyId(user)}
                      >
                        <CopyIcon size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
                {withEmail && <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email ?? ''}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <VisuallyHidden role="status">{message}</VisuallyHidden>
    </>
  );
}
