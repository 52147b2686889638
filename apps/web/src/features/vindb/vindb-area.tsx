import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

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
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('vindb.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('vindb.page.tabs')} />
    </Container>
  );
}
