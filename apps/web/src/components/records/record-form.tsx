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

/** What a form of the form layer (`useContractForm`) gives its frame. */
export interface FrameForm<Body> {
  busy: boolean;
  failure: string | null;
  changed: boolean;
  submit: (save: (body: Body) => Promise<unknown>) => Promise<boolean>;
}

type ContractFormFrameProps<Body, Answer> = Omit<
  FormFrameProps,
  'busy' | 'failure' | 'onSave' | 'unchanged'
> & {
  form: FrameForm<Body>;
  /** Whether the form edits what exists (it saves only a change) rather than adding something. */
  editing?: boolean;
  /** Sends the body the form checked; a refusal stays on the form. */
  save: (body: Body) => Promise<Answer>;
  /** Once saved, with what the save answered (an empty answer is null); a page may need nothing more. */
  onSaved?: (answer: Answer) => void;
};

/** A form on the form layer in its frame: Save sends the checked body, then the form is done. */
export function ContractFormFrame<Body, Answer>({
  form,
  editing = false,
  save,
  onSaved,
  ...frame
}: ContractFormFrameProps<Body, Answer>) {
  return (
    <FormFrame
      {...frame}
      busy={form.busy}
      failure={form.failure}
      unchanged={editing && !form.changed}
      onSave={() =>
        void form.submit(async (body) => {
          // Saved first: `onSaved?.(await save(body))` would skip the save itself without `onSaved`.
          const answer = await save(body);
          onSaved?.(answer);
        })
      }
    />
  );
}
