import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** /tasks (platform §2): leads to its list. */
export function TasksArea() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">
        {t('tasks.page.title')}
      </Title>
      <RouterTabs
        tabs={[{ label: t('tasks.page.list'), ...paths.tasksList }]}
        label={t('tasks.page.title')}
      />
    </Container>
  );
}
