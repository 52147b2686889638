import { Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Change({ from, to }: { from: unknown; to: unknown }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Code>{shown(from)}</Code>
      <Text span size="sm" aria-label={t('audit.details.became')}>
        →
      </Text>
      <Code>{shown(to)}</Code>
    </Group>
  );
}

/**
 * What an entry's details say, one line per field: a change as its value before and after (also inside
 * `changes`), anything else as written.
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const rows = Object.entries(details).flatMap(([key, value]): [string, unknown][] =>
    key === 'changes' && typeof value === 'object' && value !== null
      ? Object.entries(value as Record<string, unknown>)
      : [[key, value]],
  );
  return (
    <Stack gap={4}>
      {rows.map(([key, value]) => (
        <Group key={key} gap="xs" align="flex-start" wrap="nowrap">
          <Text size="sm" c="dimmed" miw={120}>
            {key}
          </Text>
          {isChange(value) ? <Change from={value.from} to={value.to} /> : <Code block>{shown(value)}</Code>}
        </Group>
      ))}
    </Stack>
  );
}
