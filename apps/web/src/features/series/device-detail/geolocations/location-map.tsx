import { Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import worldMapSource from '../../../../assets/world-map.svg?raw';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { htmlLang } from '../../../../lib/i18n';
import { accuracyText, coordinatesText, type DeviceLocation } from './location-label';
import classes from './location-map.module.css';
import { mapView, positionInView, viewBox } from './map-view';

// The world outline drawn inline, so it works without internet access and its lines can keep their width.
const WORLD_SHAPES = worldMapSource.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** The reported positions on the world map, zoomed around them; the newest is red. */
export function LocationMap({ locations }: { locations: readonly DeviceLocation[] }) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.language);
  const points = locations.map((location) => ({ long: location.longitude, lat: location.latitude }));
  const view = mapView(points);

  return (
    <div className={classes.map} role="group" aria-label={t('series.detail.geolocations.map')}>
      <svg
        className={classes.background}
        viewBox={viewBox(view)}
        preserveAspectRatio="none"
        aria-hidden
        dangerouslySetInnerHTML={{ __html: WORLD_SHAPES }}
      />
      {locations.map((location, index) => {
        const { left, top } = positionInView(view, points[index]!);
        const label = [
          date.long(location.reportedAt),
          coordinatesText(location, locale),
          accuracyText(location, t),
        ].join(' · ');
        return (
          <Tooltip key={`${location.reportedAt} ${index}`} label={label} openDelay={100} withinPortal>
            <UnstyledButton
              className={classes.point}
              style={{ left: `${left}%`, top: `${top}%` }}
              aria-label={label}
              data-latest={index === 0 || undefined}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
