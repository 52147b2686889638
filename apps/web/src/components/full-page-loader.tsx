import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Loader aria-label={label} />
        {label && <Text c="dimmed">{label}</Text>}
      </Stack>
    </Center>
  );
}
