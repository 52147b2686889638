import { hasAnyRole, INTERNAL_ADMINISTRATORS } from '@fleet/contract';
import { CloseButton, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../../hooks/use-app-settings';
import { useMe } from '../../hooks/use-me';
import { changeLanguage, languageName } from '../../lib/i18n';

/**
 * Ctrl+Shift+L: lets internal administrators look at the console in another language for this session,
 * without touching their saved configuration (translation checks). At the bottom left, away from the toasts.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { languages } = useAppSettings();
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  const allowed = hasAnyRole(INTERNAL_ADMINISTRATORS, me?.roles ?? []);
  useHotkeys([['ctrl+shift+L', () => allowed && setOpen((current) => !current)]]);
  if (!allowed || !open) return null;

  return (
    <Paper
      withBorder
      shadow="lg"
      p="sm"
      pos="fixed"
      left={16}
      bottom={72}
      style={{ zIndex: 300 }}
      role="dialog"
      aria-label={t('app.language_switcher.title')}
    >
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t('app.language_switcher.title')}
        </Text>
        <CloseButton aria-label={t('common.actions.close')} onClick={() => setOpen(false)} />
      </Group>
      <NativeSelect
        label={t('app.language_switcher.label')}
        data={languages.map((language) => ({ value: language, label: languageName(language) }))}
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.currentTarget.value)}
      />
    </Paper>
  );
}
