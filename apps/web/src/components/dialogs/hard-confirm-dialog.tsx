import { Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from './dialog-buttons';
import { openDialog } from './open-dialog';
import { verificationMatches } from './validation';

export interface HardConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  /** What the user must type to unlock the confirm button, such as a serial number. */
  verificationText: string;
  confirmLabel?: ReactNode;
}

type HardConfirmBodyProps = HardConfirmOptions & { finish: (confirmed: boolean) => void };

export function HardConfirmBody({ message, verificationText, confirmLabel, finish }: HardConfirmBodyProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = verificationMatches(typed, verificationText);
  return (
    <Stack gap="sm">
      <Text>{message}</Text>
      <TextInput
        label={t('common.dialogs.type_to_confirm', { text: verificationText })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        data-autofocus
      />
      <DialogButtons
        onCancel={() => finish(false)}
        onConfirm={() => finish(true)}
        confirmLabel={confirmLabel}
        confirmDisabled={!matches}
        danger
      />
    </Stack>
  );
}

/** A confirmation for destructive actions: the user types the verification text first. */
export function hardConfirm(options: HardConfirmOptions): Promise<boolean> {
  return openDialog<boolean>(
    options.title,
    (finish) => <HardConfirmBody {...options} finish={finish} />,
    false,
    'wide',
  );
}
