import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './section.module.css';

interface SectionProps {
  title: string;
  children: ReactNode;
  /** The section's action buttons, under its content. */
  actions?: ReactNode;
}

/** A region of a detail page, named by its heading. */
export function Section({ title, children, actions }: SectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
        {actions && (
          <Group gap="xs" className={classes.actions}>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
