import { useTranslation } from 'react-i18next';
import { paths, serialNumberPath } from '../../../config/paths';
import { DetailLayout } from '../detail/detail-layout';
import { useAccessory } from './use-accessory';

const TABS = [
  ['info', paths.accessoryInfo],
  ['users', paths.accessoryUsers],
  ['series', paths.accessorySeries],
  ['dataset', paths.accessoryDataset],
  ['configuration', paths.accessoryConfiguration],
  ['certificates', paths.accessoryCertificates],
] as const;

/** Route AccessoryDetails: one accessory and its tabs; accessories show no online state (spec §4). */
export function AccessoryDetailPage() {
  const { t } = useTranslation();
  const { serialNumber, accessory } = useAccessory();
  const tabs = TABS.map(([name, route]) => ({
    label: t(`series.accessory_detail.tabs.${name}`),
    path: serialNumberPath(route, serialNumber),
    feature: route.feature,
  }));
  return (
    <DetailLayout
      serialNumber={serialNumber}
      call={accessory}
      tabs={tabs}
      tabsLabel={t('series.accessory_detail.tabs.label')}
    />
  );
}
