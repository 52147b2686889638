import { Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageFrameProps {
  title: ReactNode;
  /** What the screen is for, under its heading. */
  intro?: ReactNode;
  /** Beside the heading, on its right (a screen's main action). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The one frame of every screen: one content width, one heading size, the actions beside the heading. */
export function PageFrame({ title, intro, actions, children }: PageFrameProps) {
  return (
    <Container size="xl" py="md">
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {intro && (
        <Text c="dimmed" maw={720} mt={-8} mb="md">
          {intro}
        </Text>
      )}
      {children}
    </Container>
  );
}
