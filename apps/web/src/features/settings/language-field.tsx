import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../../hooks/use-app-settings';
import { languageName } from '../../lib/i18n';

export function LanguageField({ value, onChange }: { value: string; onChange: (language: string) => void }) {
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
      maw={320}
    />
  );
}
