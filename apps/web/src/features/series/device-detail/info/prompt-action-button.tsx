import type { ButtonProps } from '@mantine/core';
import { ActionButton } from '../../../../components/action-button';
import { dialogErrorText, prompt, type PromptOptions } from '../../../../components/dialogs';
import { showSuccess } from '../../../../components/show-success';

interface PromptActionButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  dialog: Omit<PromptOptions, 'asyncValidate'>;
  /** The device's change (its mutation) with the value entered, which reloads what it changes. */
  call: (value: string) => Promise<unknown>;
  done: string;
  /** The text a refusal shows in the dialog; by default the server's own. */
  refusal?: (error: unknown) => string;
}

/**
 * A device action that asks for a value. The dialog's Confirm makes the call, so a refusal shows in the
 * dialog and the user can correct the value there.
 */
export function PromptActionButton({
  label,
  dialog,
  call,
  done,
  refusal = dialogErrorText,
  ...props
}: PromptActionButtonProps) {
  const ask = async () => {
    const entered = await prompt({
      ...dialog,
      asyncValidate: async (value) => {
        try {
          await call(value.trim());
          return { status: 'valid' };
        } catch (error) {
          return { status: 'invalid', error: refusal(error) };
        }
      },
    });
    return entered !== null;
  };
  return (
    <ActionButton variant="light" {...props} ask={ask} onAction={async () => showSuccess(done)}>
      {label}
    </ActionButton>
  );
}
