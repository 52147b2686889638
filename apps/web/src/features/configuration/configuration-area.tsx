import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

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
    <PageFrame title={t('configuration.page.title')}>
      <RouterTabs tabs={tabs} label={t('configuration.page.tabs')} />
    </PageFrame>
  );
}
