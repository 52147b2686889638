import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogButtonsProps {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: ReactNode;
  confirmDisabled?: boolean;
  busy?: boolean;
  danger?: boolean;
}

export function DialogButtons({
  onCancel,
  onConfirm,
  confirmLabel,
  confirmDisabled,
  busy,
  danger,
}: DialogButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('common.actions.cancel')}
      </Button>
      <Button
        color={danger ? 'red' : undefined}
        disabled={confirmDisabled}
        loading={busy}
        onClick={onConfirm}
      >
        {confirmLabel ?? t('common.actions.confirm')}
      </Button>
    </Group>
  );
}
