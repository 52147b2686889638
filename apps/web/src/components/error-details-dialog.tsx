import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../hooks/use-copy-text';
import type { ErrorDetailRecord } from '../lib/error-details';

export function ErrorDetailsDialog({ record }: { record: ErrorDetailRecord }) {
  const { t } = useTranslation();
  const copy = useCopyText();
  const text = JSON.stringify(record, null, 2);

  return (
    <Stack gap="sm">
      <Text size="sm">{t('errors.details.intro')}</Text>
      <Code block mah={360} style={{ overflow: 'auto' }} aria-label={t('errors.details.record')}>
        {text}
      </Code>
      <Group justify="flex-end" gap="sm">
        {copy.state !== 'idle' && (
          <Text size="sm" role="status" c={copy.state === 'copied' ? 'teal' : 'red'}>
            {t(copy.state === 'copied' ? 'errors.details.copied' : 'errors.details.copy_failed')}
          </Text>
        )}
        <Button onClick={() => void copy.copy(text)}>{t('errors.details.copy')}</Button>
      </Group>
    </Stack>
  );
}
