import { TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  field: string;
  value: string;
  onChange: (value: string) => void;
  refused: boolean;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
}

/** A text field of the catalogue, labelled and explained by `catalogue.fields.<field>`. */
export function CatalogueTextField({ field, value, onChange, refused, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`catalogue.fields.${field}`)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={refused ? t(`catalogue.problems.${field}`) : undefined}
      required={rest.required}
      disabled={rest.disabled}
      maxLength={rest.maxLength}
      data-autofocus={rest.autoFocus || undefined}
    />
  );
}

export function DescriptionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('catalogue.fields.description')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={500}
      autosize
      minRows={2}
    />
  );
}
