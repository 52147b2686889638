import { TIMING } from '@fleet/contract';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorDetailRecord } from '../lib/error-details';

type CopyState = 'idle' | 'copied' | 'failed';

export function ErrorDetailsDialog({ record }: { record: ErrorDetailRecord }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<CopyState>('idle');
  const text = JSON.stringify(record, null, 2);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), TIMING.copyMessageMs);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyRecord = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('errors.details.intro')}</Text>
      <Code block mah={360} style={{ overflow: 'auto' }} aria-label={t('errors.details.record')}>
        {text}
      </Code>
      <Group justify="flex-end" gap="sm">
        {copy !== 'idle' && (
          <Text size="sm" role="status" c={copy === 'copied' ? 'teal' : 'red'}>
            {t(copy === 'copied' ? 'errors.details.copied' : 'errors.details.copy_failed')}
          </Text>
        )}
        <Button onClick={() => void copyRecord()}>{t('errors.details.copy')}</Button>
      </Group>
    </Stack>
  );
}
