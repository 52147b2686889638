import { hasAnyRole, TIMING, WEBCAM_ROLES, type UserConfiguration } from '@fleet/contract';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/full-page-loader';
import { showError } from '../../components/show-error';
import { useMe } from '../../hooks/use-me';
import { languageName } from '../../lib/i18n';
import { useUserConfiguration } from '../../hooks/use-user-configuration';
import { LanguageField } from './language-field';
import { PrintSettingsField } from './print-settings-field';
import { canSave, isChanged } from './save-rule';
import { SaveBar } from './save-bar';
import { useLanguageChoice } from './use-language-choice';
import { TimeZoneField } from './time-zone-field';
import { useSaveUserConfiguration } from '../../hooks/use-save-user-configuration';
import { WebcamField } from './webcam-field';
import { PageFrame } from '../../components/page-frame';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function SettingsForm({ saved }: { saved: UserConfiguration }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const save = useSaveUserConfiguration();
  const language = useLanguageChoice(saved);
  const [draft, setDraft] = useState(saved);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const mayChooseWebcam = hasAnyRole(WEBCAM_ROLES, me?.roles ?? []);
  // The language is saved on its own as it is chosen: Save keeps the one saved.
  const edited = { ...draft, current_language: saved.current_language };

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), TIMING.successMessageMs);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const change = (next: Partial<UserConfiguration>) => setDraft((current) => ({ ...current, ...next }));
  const submit = () => {
    save.mutate(edited, {
      onSuccess: () => setSavedAt(Date.now()),
      onError: (error) => showError(error, 'settings.save'),
    });
  };

  return (
    <Stack gap="lg">
      <Section title={t('settings.language.title')}>
        <LanguageField
          value={language.language}
          onChange={language.choose}
          saving={language.saving}
          disabled={save.isPending}
        />
        {language.restored && (
          <Alert color="red" role="alert" mt="sm">
            {t('settings.language.save_failed', { language: languageName(language.restored) })}
          </Alert>
        )}
      </Section>
      <Section title={t('settings.time_zone.title')}>
        <TimeZoneField value={draft.timezone} onChange={(timezone) => change({ timezone })} />
      </Section>
      {mayChooseWebcam && (
        <Section title={t('settings.webcam.title')}>
          <WebcamField value={draft.webcam} onChange={(webcam) => change({ webcam })} />
        </Section>
      )}
      <Section title={t('settings.print.title')}>
        <PrintSettingsField
          value={draft.print_settings}
          onChange={(print_settings) => change({ print_settings })}
        />
      </Section>
      <SaveBar
        dirty={isChanged(saved, edited)}
        mayCommit={canSave(saved, edited, save.isPending || language.saving)}
        saving={save.isPending}
        savedAt={savedAt}
        failed={save.isError}
        onSave={submit}
      />
    </Stack>
  );
}

export function ConfigurationSettingsPage() {
  const { t } = useTranslation();
  const configuration = useUserConfiguration();

  return (
    <PageFrame title={t('settings.page.title')}>
      <Stack gap="lg">
        {configuration.isPending && <FullPageLoader label={t('settings.page.loading')} />}
        {configuration.isError && (
          <Alert color="red" title={t('settings.page.load_failed')}>
            <Button mt="sm" variant="light" color="red" onClick={() => void configuration.refetch()}>
              {t('common.actions.reload')}
            </Button>
          </Alert>
        )}
        {configuration.data && <SettingsForm saved={configuration.data} />}
      </Stack>
    </PageFrame>
  );
}
