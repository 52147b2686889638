import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Value({ value }: { value: unknown }) {
  return <Code style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{shown(value)}</Code>;
}

/**
 * What an entry's details say, one line per field: a change as its value before and after (also inside
 * `changes`), anything else as written. `omit` leaves out what the row shows already.
 */
export function AuditDetails({
  details,
  omit = [],
}: {
  details: Record<string, unknown>;
  omit?: readonly string[];
}) {
  const { t } = useTranslation();
  const rows = Object.entries(details)
    .filter(([key]) => !omit.includes(key))
    .flatMap(([key, value]): [string, unknown][] =>
      key === 'changes' && typeof value === 'object' && value !== null
        ? Object.entries(value as Record<string, unknown>)
        : [[key, value]],
    );
  if (rows.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {rows.map(([key, value]) => (
        <Text key={key} size="sm">
          <Text span c="dimmed" mr={6}>
            {key}
          </Text>
          {isChange(value) ? (
            <>
              <Value value={value.from} />{' '}
              <Text span aria-label={t('audit.details.became')}>
                →
              </Text>{' '}
              <Value value={value.to} />
            </>
          ) : (
            <Value value={value} />
          )}
        </Text>
      ))}
    </Stack>
  );
}
