import type { RolloutState } from '@fleet/contract';
import { Badge, Progress, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<RolloutState, string> = {
  running: 'blue',
  paused: 'yellow',
  stopped: 'red',
  cancelled: 'gray',
  done: 'teal',
};

export function RolloutStateBadge({ state }: { state: RolloutState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`versions.rollout_state.${state}`)}
    </Badge>
  );
}

export interface DeviceCounts {
  devices: number;
  succeeded: number;
  failed: number;
  /** Updating now. */
  started?: number;
}

/** Succeeded, failed and updating devices of a rollout or a wave, as shares of one bar. */
export function DeviceProgress({ counts, label }: { counts: DeviceCounts; label: string }) {
  const { t } = useTranslation();
  const share = (n: number) => (counts.devices > 0 ? (n * 100) / counts.devices : 0);
  const started = counts.started ?? 0;
  const text = t('versions.progress.summary', {
    succeeded: counts.succeeded,
    failed: counts.failed,
    started,
    devices: counts.devices,
  });
  return (
    <Tooltip label={text}>
      <Progress.Root size="lg">
        <Progress.Section
          value={share(counts.succeeded)}
          color="teal"
          aria-label={`${label}: ${t('versions.device_state.succeeded')}`}
        />
        <Progress.Section
          value={share(counts.failed)}
          color="red"
          aria-label={`${label}: ${t('versions.device_state.failed')}`}
        />
        <Progress.Section
          value={share(started)}
          color="blue"
          striped
          animated
          aria-label={`${label}: ${t('versions.device_state.started')}`}
        />
      </Progress.Root>
    </Tooltip>
  );
}
