import { TIMING } from '@fleet/contract';
import { Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/use-countdown';
import { DialogButtons } from './dialog-buttons';
import { openDialog } from './open-dialog';
import { softValidationStep } from './validation';

export interface SoftConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  /** How many clicks the confirm button needs. */
  clicks: number;
  confirmLabel?: string;
}

type SoftConfirmBodyProps = SoftConfirmOptions & { finish: (confirmed: boolean) => void };

export function SoftConfirmBody({ message, clicks, confirmLabel, finish }: SoftConfirmBodyProps) {
  const { t } = useTranslation();
  const [clicked, setClicked] = useState(0);
  const step = softValidationStep(clicked, clicks);
  const counting = step.stage === 'counting';
  const left = useCountdown(TIMING.softValidationCountdownSeconds, () => finish(true), counting);
  const label = confirmLabel ?? t('common.actions.confirm');
  return (
    <>
      <Text>{message}</Text>
      <DialogButtons
        onCancel={() => finish(false)}
        onConfirm={() => setClicked((count) => count + 1)}
        confirmDisabled={counting}
        confirmLabel={
          counting
            ? t('common.dialogs.confirming_in', { seconds: left })
            : t('common.dialogs.clicks_left', { label, clicks: step.clicksLeft })
        }
        danger
      />
    </>
  );
}

/** Spec §4: a confirmation that needs several clicks, then counts down 3 s before it acts. */
export function softConfirm(options: SoftConfirmOptions): Promise<boolean> {
  return openDialog<boolean>(
    options.title,
    (finish) => <SoftConfirmBody {...options} finish={finish} />,
    false,
  );
}
