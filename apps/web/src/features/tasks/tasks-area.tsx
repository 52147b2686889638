import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** /tasks (platform §2): leads to its list. */
export function TasksArea() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('tasks.page.title')}>
      <RouterTabs
        tabs={[{ label: t('tasks.page.list'), ...paths.tasksList }]}
        label={t('tasks.page.title')}
      />
    </PageFrame>
  );
}
