import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Rights management (platform §2): /tool/rights-management leads to users; each tab by its feature. */
export function RightsArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('rights.tabs.users'), ...paths.rightsUsers },
    { label: t('rights.tabs.groups'), ...paths.rightsGroups },
    { label: t('rights.tabs.roles'), ...paths.rightsRoles },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('rights.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('rights.page.tabs')} />
    </Container>
  );
}
