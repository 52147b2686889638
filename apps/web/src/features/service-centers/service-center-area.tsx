import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Service center management (platform §2): /tool/service-center-management leads to the centers. */
export function ServiceCenterArea() {
  const { t } = useTranslation();
  const tabs = [{ label: t('service_centers.tabs.centers'), ...paths.serviceCenters }];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('service_centers.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('service_centers.page.title')} />
    </Container>
  );
}
