import { Center, Loader, Stack, Text } from '@mantine/core';
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { isChunkLoadError, withChunkTimeout } from '../../../../lib/chunk-reload';
import { htmlLang } from '../../../../lib/i18n';
import { accuracyText, coordinatesText, type DeviceLocation } from './location-label';
import classes from './location-map.module.css';

/**
 * ECharts (about 540 kB) and the world's shapes (about 750 kB) load with this map only, each in its own
 * chunk, side by side.
 */
const LocationChart = lazy(async () => {
  const [chart, world] = await Promise.all([
    withChunkTimeout(() => import('./location-chart')),
    withChunkTimeout(() => import('./world-geo')),
  ]);
  chart.registerWorld(world.WORLD_GEO);
  return { default: chart.LocationChart };
});

/**
 * The reported positions on a world map, with a text summary of them; the newest is red. The table beside
 * it lists every position for those who cannot use the map.
 */
export function LocationMap({ locations }: { locations: readonly DeviceLocation[] }) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.language);
  const summaryId = useId();
  const helpId = useId();
  const newest = locations[0]!;
  const oldest = locations[locations.length - 1]!;

  return (
    <Stack gap={6}>
      <div
        className={classes.map}
        role="group"
        aria-label={t('series.detail.geolocations.map')}
        aria-describedby={summaryId}
      >
        <MapFailure fallback={<MapNotice>{t('series.detail.geolocations.map_failed')}</MapNotice>}>
          <Suspense
            fallback={
              <MapNotice>
                <Loader size="sm" mr="sm" />
                {t('series.detail.geolocations.map_loading')}
              </MapNotice>
            }
          >
            <LocationChart locations={locations} describedBy={`${summaryId} ${helpId}`} />
          </Suspense>
        </MapFailure>
      </div>
      <Text size="sm" id={summaryId}>
        {t('series.detail.geolocations.summary', {
          count: locations.length,
          first: date.long(oldest.reportedAt),
          last: date.long(newest.reportedAt),
        })}{' '}
        {t('series.detail.geolocations.summary_newest', {
          coordinates: coordinatesText(newest, locale),
          accuracy: accuracyText(newest, t),
        })}
      </Text>
      <Text size="xs" c="dimmed" id={helpId}>
        {t('series.detail.geolocations.map_help')}
      </Text>
    </Stack>
  );
}

function MapNotice({ children }: { children: ReactNode }) {
  return (
    <Center className={classes.placeholder} role="status" p="md">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

/**
 * A map that cannot be drawn leaves a notice, and the table of positions stays. A chunk that no longer
 * downloads (a new deployment) goes on to the page's error screen, which reloads the page.
 */
class MapFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (isChunkLoadError(this.state.error)) throw this.state.error;
    return this.props.fallback;
  }
}
