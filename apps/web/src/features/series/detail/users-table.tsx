import { SERIES_USER_EMAIL_ROLES, TIMING, type SeriesUser } from '@fleet/contract';
import { ActionIcon, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/icons';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import { useCopyText } from '../../../hooks/use-copy-text';

/**
 * A device's users: username, and the email for the roles the server sends emails to (spec §6). The user
 * ID is no column: the copy button beside the username shows it in its tooltip and copies it.
 */
export function UsersTable({ users }: { users: readonly SeriesUser[] }) {
  const { t } = useTranslation();
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
  const columns: DataColumn<SeriesUser>[] = [
    {
      prop: 'username',
      labelLang: 'series.detail.users.username',
      cell: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.username}
          </Text>
          <Tooltip
            label={
              copied === user && message ? message : t('series.detail.users.id_tooltip', { id: user.userUID })
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
      ),
    },
    {
      prop: 'email',
      labelLang: 'series.detail.users.email',
      roles: SERIES_USER_EMAIL_ROLES,
      cell: (user) => user.email ?? '',
    },
  ];
  return (
    <>
      <DataTable
        label={t('series.detail.users.title')}
        columns={columns}
        items={users}
        rowKey={(user) => user.userUID}
        minWidth={320}
      />
      <VisuallyHidden role="status">{message}</VisuallyHidden>
    </>
  );
}
