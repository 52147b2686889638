import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ToolCards } from '../../components/tool-cards';
import { paths } from '../../config/paths';
import { SERVICES_TOOLS } from '../../config/services-tools';
import { useFeatureCheck } from '../../hooks/use-can-use';

/**
 * Route /services: one card per service the user may use (platform §2). Without any, the page is a route
 * the user has no right to: it leads to /notfound, as every such route does.
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  if (!SERVICES_TOOLS.some((tool) => canUse(tool.route.feature)))
    return <Navigate to={paths.notFound.path} replace />;
  return (
    <ToolCards
      title={t('services.page.title')}
      tools={SERVICES_TOOLS}
      prefix="services.tools"
      none={t('services.page.none')}
    />
  );
}
