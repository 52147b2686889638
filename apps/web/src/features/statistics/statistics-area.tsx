import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Statistics (platform §2): /tool/statistics leads to esat, its one kind of statistics so far. */
export function StatisticsArea() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('statistics.page.title')}
      </Title>
      <RouterTabs
        tabs={[{ label: t('statistics.tabs.esat'), ...paths.statisticsEsat }]}
        label={t('statistics.page.tabs')}
      />
    </Container>
  );
}
