import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Configuration (platform §2): each tab by its feature; groups, devices, users, part numbers, migration. */
export function ConfigurationArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('configuration.tabs.groups'), ...paths.configurationGroups },
    { label: t('configuration.tabs.devices'), ...paths.configurationDevices },
    { label: t('configuration.tabs.users'), ...paths.configurationUsers },
    { label: t('configuration.tabs.part_numbers'), ...paths.configurationPartNumbers },
    { label: t('configuration.tabs.migration'), ...paths.configurationMigration },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('configuration.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('configuration.page.tabs')} />
    </Container>
  );
}
