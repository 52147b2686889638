import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Warranty codes (platform §2): /warrantycode leads to the decoder; also bulk. */
export function WarrantyArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('warranty.tabs.decode'), ...paths.warrantyDecode },
    // Decoded as a task: only for those who have a task list.
    { label: t('warranty.tabs.bulk'), ...paths.warrantyBulk },
  ];
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">
        {t('warranty.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('warranty.page.tabs')} />
    </Container>
  );
}
