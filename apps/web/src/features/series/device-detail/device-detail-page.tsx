import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths, serialNumberPath } from '../../../config/paths';
import { useCanUse } from '../../../hooks/use-can-use';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { heartbeatStatusesQueryOptions } from '../../../lib/endpoints/device-statuses';
import { seriesDetailQueryOptions } from '../api/series-detail';
import { DetailLayout } from '../detail/detail-layout';
import { deviceStatusColour, deviceStatusKey } from '../devices/device-status';
import { HeartbeatFreshnessContext, HeartbeatIndicator } from '../devices/heartbeat-indicator';

const TABS = [
  ['info', paths.serieInfo],
  ['jobs', paths.serieJobs],
  ['users', paths.serieUsers],
  ['screenshots', paths.serieScreenshots],
  ['components', paths.serieComponents],
  ['connections', paths.serieConnections],
  ['updates', paths.serieUpdates],
  ['configuration', paths.serieConfiguration],
  ['certificates', paths.serieCertificates],
  ['geolocations', paths.serieGeolocations],
] as const;

/**
 * Route SerieDetails: one device, its status and online state beside its serial number, and its tabs.
 * The browser tab's title (serial number, tab) comes from the route table, like every screen's.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const serialNumber = useParams().serialNumber ?? '';
  const detail = useQuery(seriesDetailQueryOptions(serialNumber));
  // The online status is a call of the devices list's feature.
  const mayCheckHeartbeat = useCanUse('SERIES.LIST');
  const heartbeat = useQuery({
    ...heartbeatStatusesQueryOptions([serialNumber]),
    enabled: detail.isSuccess && mayCheckHeartbeat,
  });
  useErrorToastOnce(heartbeat, { action: 'series.heartbeat', titleKey: 'series.error_title_heartbeat' });
  // A failed poll leaves the last status on screen: the indicator says it is stale, never "Online".
  const heartbeatFreshness = {
    stale: heartbeat.isError && heartbeat.data !== undefined,
    loadedAt: heartbeat.data !== undefined ? heartbeat.dataUpdatedAt : null,
  };
  const tabs = TABS.map(([name, route]) => ({
    label: t(`series.detail.tabs.${name}`),
    path: serialNumberPath(route, serialNumber),
    feature: route.feature,
  }));

  return (
    <DetailLayout
      serialNumber={serialNumber}
      call={detail}
      tabs={tabs}
      tabsLabel={t('series.detail.tabs.label')}
      aside={(device) => (
        <Group gap="xs">
          <Badge color={deviceStatusColour(device.deviceStatus)} variant="light" size="lg" tt="none">
            {t(deviceStatusKey(device.deviceStatus))}
          </Badge>
          {mayCheckHeartbeat && (
            <HeartbeatFreshnessContext.Provider value={heartbeatFreshness}>
              <HeartbeatIndicator status={heartbeat.data?.[serialNumber]} />
            </HeartbeatFreshnessContext.Provider>
          )}
        </Group>
      )}
    />
  );
}
