import { Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ValidationText } from '../../components/dialogs/validation-text';

interface RecordFormProps {
  onSubmit: () => void;
  busy: boolean;
  /** The server's refusal, kept on screen. */
  failure: string | null;
  saveLabel: string;
  /** Beside Save: Cancel or Delete. */
  actions?: ReactNode;
  /** A recorded vehicle or battery saves only once something changed: Save waits until then. */
  unchanged?: boolean;
  children: ReactNode;
}

/** A vehicle's or a battery's form on its page: its fields, the server's refusal, then the buttons. */
export function RecordForm({
  onSubmit,
  busy,
  failure,
  saveLabel,
  actions,
  unchanged,
  children,
}: RecordFormProps) {
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) onSubmit();
      }}
    >
      <Stack gap="sm">
        {children}
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={busy} disabled={unchanged}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
