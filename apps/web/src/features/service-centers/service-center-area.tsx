import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Service center management (platform §2): /tool/service-center-management leads to the centers. */
export function ServiceCenterArea() {
  const { t } = useTranslation();
  const tabs = [{ label: t('service_centers.tabs.centers'), ...paths.serviceCenters }];
  return (
    <PageFrame title={t('service_centers.page.title')}>
      <RouterTabs tabs={tabs} label={t('service_centers.page.title')} />
    </PageFrame>
  );
}
