import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../dialogs/dialog-buttons';
import { ValidationText } from '../dialogs/validation-text';

interface FormFrameProps {
  busy: boolean;
  failure: string | null;
  onSave: () => void;
  onCancel: () => void;
  /** The button that saves: Save unless the form says better (Add, Send the quote). */
  confirmLabel?: string;
  /** A form that edits a record saves only once something changed: Save waits until then. */
  unchanged?: boolean;
  /** Save waits for another reason the form shows (a preview that finds nothing to do). */
  held?: boolean;
  children: ReactNode;
}

/** A record's form in a dialog: its fields, what the server refused, Cancel and Save. */
export function FormFrame({
  busy,
  failure,
  onSave,
  onCancel,
  confirmLabel,
  unchanged,
  held,
  children,
}: FormFrameProps) {
  const { t } = useTranslation();
  const off = unchanged || held;
  // noValidate: the form layer says each problem under its field in the console's language; the
  // browser's own bubbles speak the browser's language and stop at the first field.
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!off) onSave();
      }}
    >
      <Stack gap="sm">
        {children}
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <DialogButtons
          onCancel={onCancel}
          onConfirm={onSave}
          confirmLabel={confirmLabel ?? t('common.actions.save')}
          busy={busy}
          confirmDisabled={off}
        />
      </Stack>
    </form>
  );
}
