import { Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ValidationText } from '../../components/dialogs/validation-text';
import type { FrameForm } from '../../components/records/record-form';

interface RecordFormProps<Body> {
  form: FrameForm<Body>;
  /** Sends the body the form checked; a refusal stays on the form. */
  save: (body: Body) => Promise<unknown>;
  /** A recorded vehicle or battery saves only once something changed: Save waits until then. */
  editing: boolean;
  saveLabel: string;
  /** Beside Save: Cancel or Delete. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A vehicle's or a battery's form on its page: its fields, the server's refusal, then the buttons. */
export function RecordForm<Body>({
  form,
  save,
  editing,
  saveLabel,
  actions,
  children,
}: RecordFormProps<Body>) {
  const unchanged = editing && !form.changed;
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) void form.submit(save);
      }}
    >
      <Stack gap="sm">
        {children}
        <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={form.busy} disabled={unchanged}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
