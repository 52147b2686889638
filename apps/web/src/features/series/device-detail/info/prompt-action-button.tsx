import type { SeriesDetail } from '@fleet/contract';
import type { ButtonProps } from '@mantine/core';
import { useRef } from 'react';
import { ActionButton } from '../../../../components/action-button';
import { dialogErrorText, prompt, type PromptOptions } from '../../../../components/dialogs';
import { useDeviceChange } from './use-device-change';

interface PromptActionButtonProps extends Omit<ButtonProps, 'children'> {
  serialNumber: string;
  label: string;
  dialog: Omit<PromptOptions, 'asyncValidate'>;
  call: (value: string) => Promise<SeriesDetail>;
  done: string;
  /** The text a refusal shows in the dialog; by default the server's own. */
  refusal?: (error: unknown) => string;
}

/**
 * A device action that asks for a value. The dialog's Confirm makes the call, so a refusal shows in the
 * dialog and the user can correct the value there.
 */
export function PromptActionButton({
  serialNumber,
  label,
  dialog,
  call,
  done,
  refusal = dialogErrorText,
  ...props
}: PromptActionButtonProps) {
  const change = useDeviceChange(serialNumber);
  const answer = useRef<SeriesDetail | null>(null);
  const ask = async () => {
    const entered = await prompt({
      ...dialog,
      asyncValidate: async (value) => {
        try {
          answer.current = await call(value.trim());
          return { status: 'valid' };
        } catch (error) {
          return { status: 'invalid', error: refusal(error) };
        }
      },
    });
    return entered !== null;
  };
  return (
    <ActionButton variant="light" {...props} ask={ask} onAction={() => change(answer.current, done)}>
      {label}
    </ActionButton>
  );
}
