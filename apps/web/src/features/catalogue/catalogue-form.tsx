import { Stack, Switch, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { ValidationText } from '../../components/dialogs/validation-text';

interface FormFrameProps {
  busy: boolean;
  failure: string | null;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A catalogue dialog's form: its fields, the server's refusal, Cancel and Save. */
export function FormFrame({ busy, failure, onSave, onCancel, children }: FormFrameProps) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Stack gap="sm">
        {children}
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <DialogButtons
          onCancel={onCancel}
          onConfirm={onSave}
          confirmLabel={t('catalogue.save')}
          busy={busy}
        />
      </Stack>
    </form>
  );
}

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

export function ActiveField({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('catalogue.fields.active')}
      description={t('catalogue.fields.active_hint')}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
