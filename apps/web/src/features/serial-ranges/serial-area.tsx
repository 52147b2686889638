import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Serial management (platform §2): /tool/serial leads to configuration; also report. */
export function SerialArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('serial_ranges.tabs.configuration'), ...paths.serialConfiguration },
    { label: t('serial_ranges.tabs.report'), ...paths.serialReport },
  ];
  return (
    <PageFrame title={t('serial_ranges.page.title')}>
      <RouterTabs tabs={tabs} label={t('serial_ranges.page.tabs')} />
    </PageFrame>
  );
}
