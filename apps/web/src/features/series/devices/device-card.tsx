import type { CertificateValidity, HeartbeatStatus, SeriesCard, UpdateEntry } from '@fleet/contract';
import { serialNumberRoute } from '@fleet/contract';
import { Badge, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRovingFocus } from '../../../hooks/use-roving-focus';
import { useLiveTask } from '../../../hooks/use-hub';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { CalibrationIcon } from './calibration-icon';
import classes from './device-card.module.css';
import { DEVICE_STATUS_COLOURS, deviceStatusKey } from './device-status';
import { HeartbeatIndicator } from './heartbeat-indicator';
import { LastUpdateLine } from './last-update-line';
import { StoreLink, type StoreFilter } from './store-link';

export interface CardSelection {
  selected: boolean;
  /** False when the selection is full and this card is not in it. */
  selectable: boolean;
  onToggle: () => void;
}

interface DeviceCardProps {
  card: SeriesCard;
  heartbeat: HeartbeatStatus | undefined;
  validity: CertificateValidity | undefined;
  /** Its newest update; null when it has none, undefined when unknown or not the user's to see. */
  lastUpdate?: UpdateEntry | null;
  /** The card's place in a selection; null when the user has nothing to do with one. */
  selection: CardSelection | null;
  filterLink: (filter: StoreFilter, code: string) => string | null;
}

/**
 * One device of the list. The card is one tab stop, its serial number (which opens the device in a new
 * tab); the arrow keys reach its other controls: selection, calibration, heartbeat, store and Details.
 */
export function DeviceCard({
  card,
  heartbeat,
  validity,
  lastUpdate,
  selection,
  filterLink,
}: DeviceCardProps) {
  const { t } = useTranslation();
  const roving = useRovingFocus<HTMLElement>();
  const hintId = useId();
  const { serialNumber, deviceStatus } = card;
  const task = useLiveTask(serialNumber);
  const colour = DEVICE_STATUS_COLOURS[deviceStatus];
  const style = colour
    ? ({
        '--status-colour-filled': `var(--mantine-color-${colour}-filled)`,
        '--status-colour-light': `var(--mantine-color-${colour}-light)`,
      } as CSSProperties)
    : undefined;

  return (
    <Card
      component="article"
      aria-label={serialNumber}
      withBorder
      radius="md"
      padding="sm"
      className={classes.card}
      data-status={deviceStatus}
      data-status-colour={colour ?? undefined}
      style={style}
      {...roving}
    >
      <Stack gap={6} className={classes.body}>
        {/* On a narrow card the status icons move under the serial number rather than cut it. */}
        <Group justify="space-between" gap={6} mih={28}>
          <Group gap={8} wrap="nowrap" miw={0}>
            {selection && (
              <Checkbox
                aria-label={t('series.devices.select', { serialNumber })}
                checked={selection.selected}
                disabled={!selection.selected && !selection.selectable}
                onChange={selection.onToggle}
              />
            )}
            <SerialNumberLink
              serialNumber={serialNumber}
              fw={600}
              aria-describedby={hintId}
              data-roving-entry
            />
          </Group>
          <Group gap={6} wrap="nowrap" ml="auto">
            {task && (
              <Badge size="sm" variant="light" color="blue" tt="none" data-testid="task-running">
                {t('series.card.task_running')}
              </Badge>
            )}
            <CalibrationIcon validity={validity} />
            <HeartbeatIndicator status={heartbeat} />
          </Group>
        </Group>
        <Text size="sm" lineClamp={1} c={card.description ? undefined : 'dimmed'}>
          {card.description ?? t('series.devices.no_description')}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {[card.deviceType, card.maker, card.currentVersion].filter(Boolean).join(' · ')}
        </Text>
        <LastUpdateLine update={lastUpdate} />
        <Group
          justify="space-between"
          align="flex-end"
          wrap="nowrap"
          gap="xs"
          pt={4}
          className={classes.actions}
        >
          <StoreLink card={card} filterLink={filterLink} />
          {deviceStatus === 'A' ? (
            <Button component={Link} to={serialNumberRoute(serialNumber)} size="compact-sm" variant="light">
              {t('series.devices.details')}
            </Button>
          ) : (
            <Text size="sm" fw={600} c={colour ?? undefined}>
              {t(deviceStatusKey(deviceStatus))}
            </Text>
          )}
        </Group>
      </Stack>
      <span id={hintId} className={classes.hint} aria-hidden>
        {t('series.card.arrow_keys')}
      </span>
    </Card>
  );
}
