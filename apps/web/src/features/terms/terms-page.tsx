import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { htmlLang, loadLanguage } from '../../lib/i18n';
import { findTerms } from './terms';

const BINDING_LANGUAGE = 'en';

/**
 * The terms and conditions of a version (docs/commerce.md "Terms"), public: in the reader's language,
 * saying that the English text is the binding one, which a reader of another language can switch to.
 */
export function TermsPage() {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const { versionNumber } = useParams();
  const [binding, setBinding] = useState(false);
  const terms = findTerms(versionNumber);
  if (!terms) return <Navigate to={paths.notFound.path} replace />;
  const translated = i18n.language !== BINDING_LANGUAGE;
  const language = binding || !translated ? BINDING_LANGUAGE : i18n.language;
  const text = i18n.getFixedT(language, undefined, 'terms');
  // The day the terms took effect, the same day wherever the reader is.
  const effective = date.day(terms.effective);
  return (
    <PageFrame title={t('terms.page.title')}>
      <Stack gap="md" maw={720}>
        <Text c="dimmed">{t('terms.page.version', { version: terms.version, date: effective })}</Text>
        <Text size="sm">
          {t('terms.page.binding')}{' '}
          {translated && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => void loadLanguage(BINDING_LANGUAGE).then(() => setBinding((shown) => !shown))}
            >
              {binding ? t('terms.page.show_translation') : t('terms.page.show_english')}
            </Button>
          )}
        </Text>
        <Stack gap="sm" lang={htmlLang(language)}>
          {terms.sections.map((section, index) => (
            <section key={section}>
              <Title order={2} size="h4">
                {text('page.heading', { number: index + 1, heading: text(`sections.${section}.heading`) })}
              </Title>
              <Text>{text(`sections.${section}.text`)}</Text>
            </section>
          ))}
        </Stack>
      </Stack>
    </PageFrame>
  );
}
