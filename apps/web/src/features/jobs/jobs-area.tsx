import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** The jobs area (jobs §2): Live, Archived and Associations as router tabs, each by its feature. */
export function JobsArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('jobs.tabs.live'), ...paths.jobsLive },
    { label: t('jobs.tabs.archived'), ...paths.jobsArchived },
    { label: t('jobs.tabs.associations'), ...paths.jobsAssociations },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('jobs.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('jobs.page.tabs')} />
    </Container>
  );
}
