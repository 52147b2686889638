import { useTranslation } from 'react-i18next';
import { ToolCards } from '../../components/tool-cards';
import { COMPANY_TOOLS } from '../../config/company-tools';

/** Route /company: the company menu (internal staff), one card per tool the user may use. */
export function CompanyPage() {
  const { t } = useTranslation();
  return (
    <ToolCards
      title={t('company.page.title')}
      tools={COMPANY_TOOLS}
      prefix="company.tools"
      none={t('company.page.none')}
    />
  );
}
