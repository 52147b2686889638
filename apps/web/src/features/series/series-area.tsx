import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** The series area: Devices and Accessories as router tabs. */
export function SeriesArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('series.tabs.devices'), ...paths.seriesDevices },
    { label: t('series.tabs.accessories'), ...paths.seriesAccessories },
  ];
  return (
    <PageFrame title={t('series.page.title')}>
      <RouterTabs tabs={tabs} label={t('series.page.tabs')} />
    </PageFrame>
  );
}
