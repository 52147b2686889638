import { Center, Container, Group, Loader, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A screen that is loading. With a label (signing in, saving…) a spinner and that label; without one,
 * placeholders in the shape of a screen (heading, tabs, content), so the page does not jump when it comes.
 */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  if (label) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="sm" role="status">
          <Loader role="status" aria-label={label} />
          <Text c="dimmed">{label}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Container size="xl" py="md" role="status" aria-busy="true">
      <VisuallyHidden>{t('list.states.loading')}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        <Skeleton height={32} width={280} radius="sm" />
        <Group gap="lg">
          <Skeleton height={20} width={90} radius="sm" />
          <Skeleton height={20} width={110} radius="sm" />
          <Skeleton height={20} width={80} radius="sm" />
        </Group>
        <Skeleton height={56} radius="sm" />
        <Skeleton height={240} radius="md" />
      </Stack>
    </Container>
  );
}
