import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Statistics (platform §2): /tool/statistics leads to esat, its one kind of statistics so far. */
export function StatisticsArea() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('statistics.page.title')}>
      <RouterTabs
        tabs={[{ label: t('statistics.tabs.esat'), ...paths.statisticsEsat }]}
        label={t('statistics.page.tabs')}
      />
    </PageFrame>
  );
}
