import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Rights management (platform §2): /tool/rights-management leads to users; each tab by its feature. */
export function RightsArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('rights.tabs.users'), ...paths.rightsUsers },
    { label: t('rights.tabs.groups'), ...paths.rightsGroups },
    { label: t('rights.tabs.roles'), ...paths.rightsRoles },
  ];
  return (
    <PageFrame title={t('rights.page.title')}>
      <RouterTabs tabs={tabs} label={t('rights.page.tabs')} />
    </PageFrame>
  );
}
