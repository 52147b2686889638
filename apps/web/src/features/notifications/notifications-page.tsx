import {
  NOTIFICATION_LIST,
  NOTIFICATION_TOKENS,
  canSubscribe,
  type FleetEventType,
  type Notification,
} from '@fleet/contract';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import { useNotificationLink } from '../../components/notifications/notification-link';
import { eventTypeName, useNotificationSentence } from '../../components/notifications/notification-sentence';
import { PageFrame } from '../../components/page-frame';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { showError } from '../../components/show-error';
import type { DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useBulkSelection } from '../../hooks/use-bulk-selection';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMe } from '../../hooks/use-me';
import { markReadMutation, notificationsQueryOptions } from '../../lib/endpoints/notification-calls';
import { notificationSummaryQueryOptions } from '../../lib/endpoints/notifications';
import { messageKey } from '../../lib/message-key';

function ReadState({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const unread = notification.readAt === null;
  return (
    <Badge color={unread ? 'blue' : 'gray'} variant="light" miw="max-content">
      {t(unread ? 'notifications.page.unread' : 'notifications.page.read')}
    </Badge>
  );
}

function RecordLink({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const to = useNotificationLink()(notification);
  if (!to) return <Text c="dimmed">—</Text>;
  return (
    <Anchor component={Link} to={to}>
      {t(`notifications.record.${messageKey(notification.record.type)}`)}
    </Anchor>
  );
}

function useColumns(): DataColumn<Notification>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const sentence = useNotificationSentence();
  return [
    {
      prop: 'state',
      labelLang: 'notifications.columns.state',
      type: 'status',
      cell: (n) => <ReadState notification={n} />,
    },
    { prop: 'type', labelLang: 'notifications.columns.type', cell: (n) => eventTypeName(t, n.event.type) },
    { prop: 'event', labelLang: 'notifications.columns.event', cell: (n) => sentence(n.event) },
    {
      prop: 'record',
      labelLang: 'notifications.columns.record',
      cell: (n) => <RecordLink notification={n} />,
    },
    {
      prop: 'CreatedAt',
      labelLang: 'notifications.columns.created',
      type: 'date',
      sortable: true,
      cell: (n) => date.long(n.createdAt),
    },
  ];
}

/** The selection marked read; the selection is then cleared. */
function MarkSelectedRead({ selection }: { selection: ReturnType<typeof useBulkSelection> }) {
  const { t } = useTranslation();
  const markRead = useMutation(markReadMutation);
  const mark = () =>
    markRead.mutate(
      { ids: selection.selected.map(Number) },
      { onSuccess: selection.clear, onError: (error) => showError(error, 'notifications.mark_read') },
    );
  return (
    <Button
      size="compact-sm"
      disabled={selection.selected.length === 0}
      loading={markRead.isPending}
      onClick={mark}
    >
      {t('notifications.page.mark_selected_read')}
    </Button>
  );
}

/** Everything up to the newest notification marked read. */
function MarkAllRead() {
  const { t } = useTranslation();
  const summary = useQuery(notificationSummaryQueryOptions);
  const markRead = useMutation(markReadMutation);
  const newest = summary.data?.recent[0];
  return (
    <Button
      variant="light"
      disabled={!newest || summary.data?.unreadCount === 0}
      loading={markRead.isPending}
      onClick={() =>
        newest &&
        markRead.mutate(
          { upTo: newest.id },
          { onError: (error) => showError(error, 'notifications.mark_read') },
        )
      }
    >
      {t('notifications.page.mark_all_read')}
    </Button>
  );
}

/** Route /notifications: the user's notifications, newest first, filtered, some marked read at once. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const sentence = useNotificationSentence();
  const columns = useColumns();
  const selection = useBulkSelection();
  const list = useTokenList({
    definition: NOTIFICATION_LIST,
    rememberAs: 'notifications',
    tokens: NOTIFICATION_TOKENS,
    query: notificationsQueryOptions,
    errorAction: 'notifications.list',
  });
  const roles = me?.roles;
  // The types the user may hear of: the others never reach them.
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Type'
        ? (definition.choices as readonly FleetEventType[] | undefined)
            ?.filter((type) => canSubscribe(type, roles ?? []))
            .map((value) => ({ value, label: eventTypeName(t, value) }))
        : undefined,
    [t, roles],
  );
  return (
    <PageFrame
      title={t('notifications.page.title')}
      intro={
        <>
          {t('notifications.page.intro')}{' '}
          <Anchor component={Link} to={paths.alertRules.path} underline="always">
            {t('notifications.page.rules_link')}
          </Anchor>
        </>
      }
      actions={<MarkAllRead />}
    >
      <TokenListFrame
        state={list}
        items={(data) => data.data}
        summary={(count) => t('notifications.page.total', { count })}
        empty={{ title: t('notifications.page.empty_title'), text: t('notifications.page.empty_text') }}
        options={options}
        table={{
          label: t('notifications.page.table'),
          columns,
          rowKey: (n) => String(n.id),
          minWidth: 820,
          selection: {
            state: selection,
            label: (n) => t('notifications.page.select', { event: sentence(n.event) }),
            actions: <MarkSelectedRead selection={selection} />,
          },
        }}
      />
    </PageFrame>
  );
}
