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
  children: ReactNode;
}

/** A vehicle's or a battery's form on its page: its fields, the server's refusal, then the buttons. */
export function RecordForm({ onSubmit, busy, failure, saveLabel, actions, children }: RecordFormProps) {
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {children}
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={busy}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
