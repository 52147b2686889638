import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** The stores tool (platform §2): /stores leads to its list; each tab by its feature. */
export function StoresArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('stores.tabs.list'), ...paths.storesList },
    { label: t('stores.tabs.import'), ...paths.storesImport },
    // An export is collected from the task list: only for those who have one.
    { label: t('stores.tabs.export'), ...paths.storesExport },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('stores.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('stores.page.tabs')} />
    </Container>
  );
}
