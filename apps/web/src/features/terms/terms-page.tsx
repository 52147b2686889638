import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { findTerms } from './terms';
import { PageFrame } from '../../components/page-frame';

export function TermsPage() {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const { versionNumber } = useParams();
  const terms = findTerms(versionNumber);
  if (!terms) return <Navigate to={paths.notFound.path} replace />;
  // The day the terms took effect, the same day wherever the reader is.
  const effective = date.day(terms.effective);
  return (
    <PageFrame title={t('terms.page.title')}>
      <Stack gap="md" maw={720}>
        <Text c="dimmed">{t('terms.page.version', { version: terms.version, date: effective })}</Text>
        {i18n.language !== 'en' && <Text size="sm">{t('terms.page.english_only')}</Text>}
        <Stack gap="sm" lang="en">
          {terms.sections.map((section) => (
            <section key={section.heading}>
              <Title order={2} size="h4">
                {section.heading}
              </Title>
              <Text>{section.text}</Text>
            </section>
          ))}
        </Stack>
      </Stack>
    </PageFrame>
  );
}
