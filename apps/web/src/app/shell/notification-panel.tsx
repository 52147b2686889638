import type { Notification } from '@fleet/contract';
import {
  Anchor,
  Box,
  Button,
  Group,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { cloneElement, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DotIcon } from '../../components/icons';
import { useNotificationLink } from '../../components/notifications/notification-link';
import { useNotificationSentence } from '../../components/notifications/notification-sentence';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { markReadMutation } from '../../lib/endpoints/notification-calls';
import { notificationSummaryQueryOptions } from '../../lib/endpoints/notifications';
import classes from './notification-panel.module.css';

/** The panel's width; narrower screens: theirs, less a margin. */
const WIDTH = 400;

/** One notification: what happened, how long ago, unread ones marked; a link when the user may open its record. */
function NotificationLine({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const sentence = useNotificationSentence();
  const date = useDateFormat();
  const to = useNotificationLink()(notification);
  const unread = notification.readAt === null;
  const content = (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box w={12} pt={4} c="blue" aria-hidden>
        {unread && <DotIcon size={12} />}
      </Box>
      <Stack gap={2} miw={0}>
        <Text size="sm" fw={unread ? 600 : undefined}>
          {unread && <VisuallyHidden>{t('notifications.panel.unread')} </VisuallyHidden>}
          {sentence(notification.event)}
        </Text>
        <Text size="xs" c="dimmed" title={date.long(notification.createdAt)}>
          {date.ago(notification.createdAt)}
        </Text>
      </Stack>
    </Group>
  );
  return (
    <li className={classes.line}>
      {to ? (
        <UnstyledButton component={Link} to={to} onClick={onOpen} className={classes.link}>
          {content}
        </UnstyledButton>
      ) : (
        <div className={classes.plain}>{content}</div>
      )}
    </li>
  );
}

/**
 * The bell's panel, around the button notification-bell.tsx shows from the first paint: its own chunk.
 * A notification clicked is marked read and opens its record; "Mark all as read" marks all up to the newest.
 */
export function NotificationPanel({ target }: { target: ReactElement<{ onClick?: () => void }> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const summary = useQuery(notificationSummaryQueryOptions);
  const markRead = useMutation(markReadMutation);
  const recent = summary.data?.recent ?? [];
  const newest = recent[0];
  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    setOpened(false);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={WIDTH}
      withinPortal
      // The panel is at the end of the page: the keyboard is taken into it, and back to the bell on close.
      trapFocus
      returnFocus
      shadow="md"
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Popover.Target>
        {cloneElement(target, { onClick: () => setOpened((current) => !current) })}
      </Popover.Target>
      <Popover.Dropdown aria-label={t('notifications.panel.title')}>
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={700}>{t('notifications.panel.title')}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={!newest || summary.data?.unreadCount === 0}
            loading={markRead.isPending}
            onClick={() => newest && markRead.mutate({ upTo: newest.id })}
          >
            {t('notifications.panel.mark_all_read')}
          </Button>
        </Group>
        {summary.isError && !summary.data && <Text c="red">{t('notifications.panel.failed')}</Text>}
        {summary.data && recent.length === 0 && <Text c="dimmed">{t('notifications.panel.empty')}</Text>}
        <Box mah={420} style={{ overflowY: 'auto' }}>
          <ul className={classes.list} aria-label={t('notifications.panel.recent')}>
            {recent.map((notification) => (
              <NotificationLine
                key={notification.id}
                notification={notification}
                onOpen={() => open(notification)}
              />
            ))}
          </ul>
        </Box>
        <Anchor component={Link} to={paths.notifications.path} size="sm" onClick={() => setOpened(false)}>
          {t('notifications.panel.see_all')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
