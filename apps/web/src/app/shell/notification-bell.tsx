import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/icons';
import { useAuth } from '../../hooks/use-auth';
import { useMe } from '../../hooks/use-me';
import { importOnce } from '../../lib/chunk-reload';
import { notificationSummaryQueryOptions } from '../../lib/endpoints/notifications';
import { useDeferredDropdown } from './deferred-dropdown';
import type { NotificationPanel } from './notification-panel';

type Panel = typeof NotificationPanel;

/** The panel's chunk, loaded once; a failed load is tried again at the next occasion. */
const loadPanel = importOnce<Panel>(() =>
  import('./notification-panel').then((module) => module.NotificationPanel),
);

/** Past this many, the badge says "99+". */
const BADGE_MAX = 99;

/**
 * The top bar's bell, for every signed-in user: the unread count from the first paint (the summary is
 * read at once, again when the hub says it changed, and every minute); the panel of the recent
 * notifications (notification-panel.tsx) loads as useDeferredDropdown says.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { data: me } = useMe();
  const shown = status === 'signed-in' && Boolean(me);
  const summary = useQuery({ ...notificationSummaryQueryOptions, enabled: shown });
  const { button, loaded: Loaded, buttonProps } = useDeferredDropdown(loadPanel, shown, 'dialog');
  if (!shown) return null;
  const unread = summary.data?.unreadCount ?? 0;
  const target = (
    <ActionIcon
      ref={button}
      variant="subtle"
      size="lg"
      // The badge reaches past the button's corner: ActionIcon would clip it.
      style={{ overflow: 'visible' }}
      aria-label={
        unread === 0
          ? t('notifications.bell.button')
          : t('notifications.bell.button_unread', { count: unread })
      }
      {...buttonProps}
    >
      <Indicator
        label={unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        size={16}
        disabled={unread === 0}
        offset={-2}
      >
        <BellIcon />
      </Indicator>
    </ActionIcon>
  );
  if (!Loaded) return target;
  return <Loaded target={target} />;
}
