import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Serial management (platform §2): /tool/serial leads to configuration; also report. */
export function SerialArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('serial_ranges.tabs.configuration'), ...paths.serialConfiguration },
    { label: t('serial_ranges.tabs.report'), ...paths.serialReport },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('serial_ranges.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('serial_ranges.page.tabs')} />
    </Container>
  );
}
