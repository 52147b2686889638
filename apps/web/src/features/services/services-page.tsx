import { useTranslation } from 'react-i18next';
import { ToolCards } from '../../components/tool-cards';
import { SERVICES_TOOLS } from '../../config/services-tools';

/** Route /services: one card per service the user may use (platform §2). */
export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <ToolCards
      title={t('services.page.title')}
      tools={SERVICES_TOOLS}
      prefix="services.tools"
      none={t('services.page.none')}
    />
  );
}
