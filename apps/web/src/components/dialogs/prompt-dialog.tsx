import { Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from './dialog-buttons';
import { openDialog } from './open-dialog';
import {
  blocksAction,
  validateOnConfirm,
  validationMessage,
  type AsyncValidate,
  type Validate,
  type ValidationMessage,
} from './validation';
import { ValidationText } from './validation-text';

export interface PromptAnswer {
  value: string;
  toggle: boolean;
}

export interface PromptOptions {
  title: ReactNode;
  label: string;
  /** A hint under the input, such as the expected format. */
  description?: string;
  initialValue?: string;
  /** Shows a switch under the input when given. */
  toggleLabel?: string;
  initialToggle?: boolean;
  confirmLabel?: ReactNode;
  validate?: Validate<string>;
  /**
   * Checked when the user confirms, after `validate`: an invalid answer keeps the dialog open with its
   * error. A call that changes something makes it through its own mutation (its api's `meta.changes`).
   */
  asyncValidate?: AsyncValidate<string>;
}

type PromptBodyProps = PromptOptions & { finish: (answer: PromptAnswer | null) => void };

export function PromptBody({
  label,
  description,
  initialValue = '',
  toggleLabel,
  initialToggle = false,
  confirmLabel,
  validate,
  asyncValidate,
  finish,
}: PromptBodyProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [toggle, setToggle] = useState(initialToggle);
  const [message, setMessage] = useState<ValidationMessage | null>(() =>
    validationMessage(validate?.(initialValue)),
  );
  // The checks made on confirming, the asynchronous one waited for (never failing: an error is invalid).
  const confirming = useMutation({
    mutationFn: (entered: string) =>
      validateOnConfirm(entered, validate, asyncValidate, t('common.dialogs.invalid')),
  });

  const change = (next: string) => {
    setValue(next);
    setMessage(validationMessage(validate?.(next)));
  };
  const submit = async () => {
    const result = await confirming.mutateAsync(value);
    setMessage(result);
    if (!blocksAction(result)) finish({ value, toggle });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={label}
          description={description}
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          data-autofocus
        />
        <ValidationText message={message} />
        {toggleLabel && (
          <Switch
            label={toggleLabel}
            checked={toggle}
            onChange={(event) => setToggle(event.currentTarget.checked)}
          />
        )}
      </Stack>
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => void submit()}
        confirmLabel={confirmLabel}
        confirmDisabled={blocksAction(message)}
        busy={confirming.isPending}
      />
    </form>
  );
}

/** Resolves with the text (and switch) entered, or null when cancelled. */
export function prompt(options: PromptOptions): Promise<PromptAnswer | null> {
  return openDialog<PromptAnswer | null>(
    options.title,
    (finish) => <PromptBody {...options} finish={finish} />,
    null,
    'wide',
  );
}
