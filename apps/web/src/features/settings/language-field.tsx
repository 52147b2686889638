import { Loader, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../../hooks/use-app-settings';
import { languageName } from '../../lib/i18n';

interface LanguageFieldProps {
  value: string;
  onChange: (language: string) => void;
  /** The choice is being saved: the next one waits for it. */
  saving: boolean;
  disabled: boolean;
}

export function LanguageField({ value, onChange, saving, disabled }: LanguageFieldProps) {
  const { t } = useTranslation();
  const { languages } = useAppSettings();
  return (
    <Select
      label={t('settings.language.label')}
      description={t('settings.language.description')}
      data={languages.map((language) => ({ value: language, label: languageName(language) }))}
      value={value}
      onChange={(language) => language && onChange(language)}
      allowDeselect={false}
      disabled={disabled}
      readOnly={saving}
      rightSection={saving ? <Loader size="xs" aria-hidden /> : undefined}
      maw={320}
    />
  );
}
