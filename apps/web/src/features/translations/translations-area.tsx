import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

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
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('translations.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('translations.page.tabs')} />
    </Container>
  );
}
