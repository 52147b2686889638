import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** The certificates tool (platform §2): /tool/certificates leads to findIssue; each tab by its feature. */
export function CertificatesArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('certificates.tabs.find_issue'), ...paths.certificatesFindIssue },
    { label: t('certificates.tabs.register'), ...paths.certificatesRegister },
    { label: t('certificates.tabs.assign'), ...paths.certificatesAssign },
    { label: t('certificates.tabs.quality_checks'), ...paths.certificatesQualityChecks },
    { label: t('certificates.tabs.delivery'), ...paths.certificatesDelivery },
    { label: t('certificates.tabs.new_delivery'), ...paths.certificatesNewDelivery },
    { label: t('certificates.tabs.templates'), ...paths.certificatesTemplates },
  ];
  return (
    <PageFrame title={t('certificates.page.title')}>
      <RouterTabs tabs={tabs} label={t('certificates.page.tabs')} />
    </PageFrame>
  );
}
