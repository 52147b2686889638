import type { SeriesDetail } from '@fleet/contract';
import type { ButtonProps } from '@mantine/core';
import { ActionButton } from '../../../../components/action-button';
import { confirm, type ConfirmOptions } from '../../../../components/dialogs';
import { showError } from '../../../../components/show-error';
import { useDeviceChange } from './use-device-change';

interface ConfirmActionButtonProps extends Omit<ButtonProps, 'children'> {
  serialNumber: string;
  label: string;
  /** Names what the user was doing, for the error record. */
  action: string;
  /** The question; the title defaults to the button's label. */
  question: Omit<ConfirmOptions, 'title'> & { title?: ConfirmOptions['title'] };
  /** Replaces the plain confirmation, such as a hard one. */
  ask?: () => Promise<boolean>;
  call: () => Promise<SeriesDetail | null>;
  done: string;
  /** Instead of refreshing the device, such as leaving the page of a deleted one. */
  onDone?: () => Promise<void>;
}

/** A device action asked with a confirmation; its failure shows as the error toast. */
export function ConfirmActionButton({
  serialNumber,
  label,
  action,
  question,
  ask,
  call,
  done,
  onDone,
  ...props
}: ConfirmActionButtonProps) {
  const change = useDeviceChange(serialNumber);
  const run = async () => {
    let answer: SeriesDetail | null;
    try {
      answer = await call();
    } catch (error) {
      showError(error, action);
      throw error;
    }
    if (onDone) await onDone();
    else await change(answer, done);
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
