import {
  TRANSLATION_TEXT_MAX,
  placeholdersWithoutValue,
  translationTextSchema,
  type TranslationEntry,
} from '@fleet/contract';
import { Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';

type Shown = Pick<TranslationEntry, 'english' | 'bundled' | 'override' | 'inherited'>;

interface TextFormProps {
  entry: Shown;
  languageLabel: string;
  save: (text: string) => Promise<unknown>;
  finish: (saved: boolean) => void;
}

/** A reference text of the dialog: what it is and its words, or that there are none. */
function Reference({ label, text }: { label: string; text: string | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text ?? t('translations.dialog.none')}
      </Text>
    </div>
  );
}

function TextForm({ entry, languageLabel, save, finish }: TextFormProps) {
  const { t } = useTranslation();
  const schema = z.object({
    text: translationTextSchema.refine((text) => placeholdersWithoutValue(text, entry.english).length === 0),
  });
  const form = useContractForm(schema, { text: entry.override ?? entry.inherited ?? entry.bundled ?? '' });
  const unknown = placeholdersWithoutValue(form.values.text, entry.english);
  const problem = !form.refused('text')
    ? undefined
    : form.values.text.trim() === ''
      ? t('translations.dialog.text_required')
      : unknown.length
        ? t('translations.dialog.unknown_placeholders', {
            names: unknown.map((name) => `{{${name}}}`).join(', '),
          })
        : form.error('text');
  return (
    <ContractFormFrame
      form={form}
      editing
      save={({ text }) => save(text)}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
      confirmLabel={t('translations.dialog.save')}
    >
      <Reference label={t('translations.columns.english')} text={entry.english} />
      <Reference label={t('translations.dialog.bundled', { language: languageLabel })} text={entry.bundled} />
      {entry.inherited !== null && (
        <Reference label={t('translations.dialog.inherited')} text={entry.inherited} />
      )}
      <Textarea
        label={t('translations.dialog.text')}
        description={t('translations.dialog.text_hint', { example: '{{count}}' })}
        value={form.values.text}
        onChange={(event) => form.set('text', event.currentTarget.value)}
        error={problem}
        maxLength={TRANSLATION_TEXT_MAX}
        autosize
        minRows={2}
        required
        data-autofocus
      />
    </ContractFormFrame>
  );
}

/** Edits a text in a dialog; resolves true once saved. */
export function openTextDialog(title: string, props: Omit<TextFormProps, 'finish'>): Promise<boolean> {
  return openDialog<boolean>(title, (finish) => <TextForm {...props} finish={finish} />, false, 'wide');
}
