import type { ButtonProps } from '@mantine/core';
import { ActionButton } from '../../../../components/action-button';
import { confirm, type ConfirmOptions } from '../../../../components/dialogs';
import { showError } from '../../../../components/show-error';
import { showSuccess } from '../../../../components/show-success';

interface ConfirmActionButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  /** Names what the user was doing, for the error record. */
  action: string;
  /** The question; the title defaults to the button's label. */
  question: Omit<ConfirmOptions, 'title'> & { title?: ConfirmOptions['title'] };
  /** Replaces the plain confirmation, such as a hard one. */
  ask?: () => Promise<boolean>;
  /** The device's change (its mutation), which reloads what it changes. */
  call: () => Promise<unknown>;
  done: string;
  /** Instead of saying it is done, such as leaving the page of a deleted one. */
  onDone?: () => Promise<void>;
}

/** A device action asked with a confirmation; its failure shows as the error toast. */
export function ConfirmActionButton({
  label,
  action,
  question,
  ask,
  call,
  done,
  onDone,
  ...props
}: ConfirmActionButtonProps) {
  const run = async () => {
    try {
      await call();
    } catch (error) {
      showError(error, action);
      throw error;
    }
    if (onDone) await onDone();
    else showSuccess(done);
  };
  return (
    <ActionButton
      variant="light"
      {...props}
      ask={ask ?? (() => confirm({ title: label, ...question }))}
      onAction={run}
    >
      {label}
    </ActionButton>
  );
}
