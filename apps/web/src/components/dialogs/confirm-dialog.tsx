import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogButtons } from './dialog-buttons';
import { openDialog } from './open-dialog';

export interface ConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
}

/** Resolves true when the user confirms. */
export function confirm({ title, message, confirmLabel, danger }: ConfirmOptions): Promise<boolean> {
  return openDialog<boolean>(
    title,
    (finish) => (
      <>
        <Text>{message}</Text>
        <DialogButtons
          onCancel={() => finish(false)}
          onConfirm={() => finish(true)}
          confirmLabel={confirmLabel}
          danger={danger}
        />
      </>
    ),
    false,
  );
}
