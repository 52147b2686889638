import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Warranty codes (platform §2): /warrantycode leads to the decoder; also bulk. */
export function WarrantyArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('warranty.tabs.decode'), ...paths.warrantyDecode },
    // Decoded as a task: only for those who have a task list.
    { label: t('warranty.tabs.bulk'), ...paths.warrantyBulk },
  ];
  return (
    <PageFrame title={t('warranty.page.title')}>
      <RouterTabs tabs={tabs} label={t('warranty.page.tabs')} />
    </PageFrame>
  );
}
