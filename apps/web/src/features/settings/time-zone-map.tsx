import { gmtOffsetMinutes, mapPosition, TIME_ZONE_POINTS } from '@fleet/contract';
import { Tooltip, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from './time-zone-labels';
import classes from './time-zone-map.module.css';
import worldMap from '../../assets/world-map.svg';

interface TimeZoneMapProps {
  value: string;
  onChange: (zone: string) => void;
}

/** One point per zone at its city; the chosen zone is red, zones sharing its offset are orange. */
export function TimeZoneMap({ value, onChange }: TimeZoneMapProps) {
  const { t } = useTranslation();
  const points = useMemo(() => {
    const now = new Date();
    return TIME_ZONE_POINTS.map((point) => ({
      ...point,
      ...mapPosition(point),
      label: zoneLabel(point.name, now),
      offset: gmtOffsetMinutes(point.name, now),
    }));
  }, []);
  const selectedOffset = useMemo(() => gmtOffsetMinutes(value), [value]);

  return (
    <div className={classes.map} role="group" aria-label={t('settings.time_zone.map')}>
      <img src={worldMap} alt="" className={classes.background} />
      {points.map((point) => (
        <Tooltip key={point.name} label={point.label} openDelay={100} withinPortal>
          <UnstyledButton
            className={classes.point}
            style={{ left: `${point.left}%`, top: `${point.top}%` }}
            aria-label={point.label}
            aria-pressed={point.name === value}
            data-same-offset={point.name !== value && point.offset === selectedOffset ? true : undefined}
            tabIndex={-1}
            onClick={() => onChange(point.name)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
