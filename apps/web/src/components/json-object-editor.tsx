import { Button, Group, JsonInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from './dialogs';

type JsonObject = Record<string, unknown>;

interface JsonObjectEditorProps {
  label: string;
  value: JsonObject;
  saveLabel: string;
  /** What is wrong with the object, in the user's words, or null; checked before anything is sent. */
  check?: (value: JsonObject) => string | null;
  /** Sends the object: a change of the caller's api, which names what it reloads. */
  onSave: (value: JsonObject) => Promise<void>;
  onCancel?: () => void;
  /** More buttons after Save (a remove, say). */
  actions?: ReactNode;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON object as text: it must read as a JSON object, and pass `check`, before it is sent; what the
 * server refuses is shown under the text, which stays as typed.
 */
export function JsonObjectEditor({
  label,
  value,
  saveLabel,
  check,
  onSave,
  onCancel,
  actions,
}: JsonObjectEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useMutation({ mutationFn: onSave });

  const read = (): JsonObject | null => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setProblem(t('common.json_editor.invalid_json'));
      return null;
    }
    const found = isObject(parsed) ? (check?.(parsed) ?? null) : t('common.json_editor.not_object');
    setProblem(found);
    return found ? null : (parsed as JsonObject);
  };
  const save = () => {
    const parsed = read();
    if (parsed) saving.mutate(parsed);
  };

  return (
    <Stack gap="sm">
      <JsonInput
        label={label}
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
          saving.reset();
        }}
        error={problem ?? (saving.isError ? dialogErrorText(saving.error) : null)}
        validationError={t('common.json_editor.invalid_json')}
        autosize
        minRows={8}
        maxRows={30}
        spellCheck={false}
      />
      <Group gap="sm">
        <Button onClick={save} loading={saving.isPending}>
          {saveLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={saving.isPending}>
            {t('common.actions.cancel')}
          </Button>
        )}
        {actions}
      </Group>
    </Stack>
  );
}
