import { TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The values' keys that hold text (or no text yet). */
type TextKey<V> = { [K in keyof V]: V[K] extends string | null | undefined ? K : never }[keyof V] & string;

/** What a catalogue field needs of its form (`useContractForm`). */
interface FieldForm<V> {
  values: V;
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  refused: (field: string) => boolean;
}

interface TextFieldProps<V> {
  form: FieldForm<V>;
  name: TextKey<V>;
  /** `catalogue.fields.<label>` names the field and `catalogue.problems.<label>` its problem. */
  label?: string;
  /** A code written in capitals (a currency, a region). */
  capitals?: boolean;
  /** An optional value: left empty, it is no value at all. */
  emptyIsNone?: boolean;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
}

/** A text field of a catalogue form, bound to the form's value `name`. */
export function CatalogueTextField<V>({ form, name, label = name, ...rest }: TextFieldProps<V>) {
  const { t } = useTranslation();
  const change = (typed: string) => {
    const text = rest.capitals ? typed.toUpperCase() : typed;
    const value = rest.emptyIsNone && text.trim() === '' ? null : text;
    form.set(name, value as V[typeof name]);
  };
  return (
    <TextInput
      label={t(`catalogue.fields.${label}`)}
      value={(form.values[name] as string | null | undefined) ?? ''}
      onChange={(event) => change(event.currentTarget.value)}
      error={form.refused(name) ? t(`catalogue.problems.${label}`) : undefined}
      required={rest.required}
      disabled={rest.disabled}
      maxLength={rest.maxLength}
      data-autofocus={rest.autoFocus || undefined}
    />
  );
}

/** A catalogue record's description, bound to the form's value `description`. */
export function DescriptionField<V extends { description?: string | null }>({
  form,
}: {
  form: FieldForm<V>;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('catalogue.fields.description')}
      value={form.values.description ?? ''}
      onChange={(event) => form.set('description', event.currentTarget.value as V['description'])}
      maxLength={500}
      autosize
      minRows={2}
    />
  );
}
