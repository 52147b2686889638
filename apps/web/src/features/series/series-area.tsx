import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** The series area: Devices and Accessories as router tabs. */
export function SeriesArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('series.tabs.devices'), ...paths.seriesDevices },
    { label: t('series.tabs.accessories'), ...paths.seriesAccessories },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('series.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('series.page.tabs')} />
    </Container>
  );
}
