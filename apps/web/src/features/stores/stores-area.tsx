import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** The stores tool (platform §2): /stores leads to its list; each tab by its feature. */
export function StoresArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('stores.tabs.list'), ...paths.storesList },
    { label: t('stores.tabs.import'), ...paths.storesImport },
    // An export is collected from the task list: only for those who have one.
    { label: t('stores.tabs.export'), ...paths.storesExport },
  ];
  return (
    <PageFrame title={t('stores.page.title')}>
      <RouterTabs tabs={tabs} label={t('stores.page.tabs')} />
    </PageFrame>
  );
}
