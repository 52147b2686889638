import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** The jobs area (jobs §2): Live, Archived and Associations as router tabs, each by its feature. */
export function JobsArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('jobs.tabs.live'), ...paths.jobsLive },
    { label: t('jobs.tabs.archived'), ...paths.jobsArchived },
    { label: t('jobs.tabs.associations'), ...paths.jobsAssociations },
  ];
  return (
    <PageFrame title={t('jobs.page.title')}>
      <RouterTabs tabs={tabs} label={t('jobs.page.tabs')} />
    </PageFrame>
  );
}
