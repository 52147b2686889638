import { neverConnected, TIMING, type HeartbeatStatus } from '@fleet/contract';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckMarkIcon, DotIcon } from '../../../components/icons';
import { useDateFormat } from '../../../hooks/use-date-format';

/**
 * Online with a check mark, or offline. Its popover tells the last heartbeat in the user's time zone,
 * 'never connected' (year 0001), or that no value has come yet.
 */
export function HeartbeatIndicator({ status }: { status: HeartbeatStatus | undefined }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const detailId = useId();
  const alive = status?.isAlive === true;
  const last = status?.heartBeat?.lastHeartBeat;
  const detail = !last
    ? t('series.heartbeat.waiting')
    : neverConnected(last)
      ? t('series.heartbeat.never_connected')
      : t('series.heartbeat.last', { date: date.long(last) });
  const name = t(alive ? 'series.heartbeat.online' : 'series.heartbeat.offline');

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
          color={alive ? 'green' : 'gray'}
          variant={alive ? 'light' : 'outline'}
          leftSection={alive ? <CheckMarkIcon size={12} /> : <DotIcon size={10} />}
        >
          {name}
        </Badge>
      </Tooltip>
      <VisuallyHidden id={detailId}>{detail}</VisuallyHidden>
    </>
  );
}
