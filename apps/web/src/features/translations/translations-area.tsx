import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Translations management (platform §2): /tool/translations-management leads to the translations. */
export function TranslationsArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('translations.tabs.translations'), ...paths.translationsList },
    { label: t('translations.tabs.targets'), ...paths.translationsTargets },
    { label: t('translations.tabs.languages'), ...paths.translationsLanguages },
    { label: t('translations.tabs.objects'), ...paths.translationsObjects },
  ];
  return (
    <PageFrame title={t('translations.page.title')}>
      <RouterTabs tabs={tabs} label={t('translations.page.tabs')} />
    </PageFrame>
  );
}
