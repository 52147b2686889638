import { neverConnected, TIMING, type HeartbeatStatus } from '@fleet/contract';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { createContext, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckMarkIcon, DotIcon } from '../../../components/icons';
import { useConnection } from '../../../hooks/use-connection';
import { useDateFormat } from '../../../hooks/use-date-format';

/** Whether the heartbeats shown could not be refreshed (the poll failed), and when they were loaded. */
export interface HeartbeatFreshness {
  stale: boolean;
  loadedAt: number | null;
}

/** Given by the screen that polls the heartbeats; every indicator under it reads it. */
export const HeartbeatFreshnessContext = createContext<HeartbeatFreshness>({ stale: false, loadedAt: null });

/**
 * Online with a check mark, or offline. Its popover tells the last heartbeat in the user's time zone,
 * 'never connected' (year 0001), or that no value has come yet. While the heartbeats cannot be
 * refreshed (the server does not answer, or the poll failed) it never says "Online": it says the status
 * is stale, what it was, and when it was loaded.
 */
export function HeartbeatIndicator({ status }: { status: HeartbeatStatus | undefined }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const detailId = useId();
  const { offline } = useConnection();
  const freshness = useContext(HeartbeatFreshnessContext);
  const stale = status !== undefined && (offline || freshness.stale);
  const alive = status?.isAlive === true;
  const last = status?.heartBeat?.lastHeartBeat;
  const lastText = !last
    ? t('series.heartbeat.waiting')
    : neverConnected(last)
      ? t('series.heartbeat.never_connected')
      : t('series.heartbeat.last', { date: date.long(last) });
  const detail = stale
    ? [
        lastText,
        freshness.loadedAt
          ? t('connection.heartbeat.loaded_at', { date: date.long(new Date(freshness.loadedAt)) })
          : t('connection.heartbeat.not_current'),
      ].join(' · ')
    : lastText;
  const name = stale
    ? t(alive ? 'connection.heartbeat.was_online' : 'connection.heartbeat.was_offline')
    : t(alive ? 'series.heartbeat.online' : 'series.heartbeat.offline');

  return (
    <>
      <Tooltip
        label={detail}
        openDelay={TIMING.popoverDelayMs}
        closeDelay={TIMING.popoverDelayMs}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
      >
        <Badge
          role="img"
          aria-label={name}
          aria-describedby={detailId}
          tabIndex={0}
          tt="none"
          color={stale ? 'yellow' : alive ? 'green' : 'gray'}
          variant={alive && !stale ? 'light' : 'outline'}
          leftSection={alive && !stale ? <CheckMarkIcon size={12} /> : <DotIcon size={10} />}
          data-stale={stale || undefined}
        >
          {name}
        </Badge>
      </Tooltip>
      <VisuallyHidden id={detailId}>{detail}</VisuallyHidden>
    </>
  );
}
