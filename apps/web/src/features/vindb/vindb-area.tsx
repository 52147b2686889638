import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/**
 * The VIN database (platform §2, docs/insights.md): /vindb leads to the vehicles; a vehicle's or a
 * battery's pages are inside their tab. Each tab by its feature.
 */
export function VinDbArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('vindb.tabs.car'), ...paths.vindbCar },
    { label: t('vindb.tabs.battery'), ...paths.vindbBattery },
    { label: t('vindb.tabs.import'), ...paths.vindbImport },
    // An export is collected from the task list: only for those who have one.
    { label: t('vindb.tabs.export'), ...paths.vindbExport },
  ];
  return (
    <PageFrame title={t('vindb.page.title')}>
      <RouterTabs tabs={tabs} label={t('vindb.page.tabs')} />
    </PageFrame>
  );
}
