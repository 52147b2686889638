import type { deviceConfigurationSchema } from '@fleet/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDateFormat } from '../../../hooks/use-date-format';
import { KeyValueTree } from '../../../components/key-value-tree';

/** The configuration a device last reported, with when; or that it never reported one. */
export function ConfigurationView({
  configuration,
}: {
  configuration: z.infer<typeof deviceConfigurationSchema>;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (!configuration) return <Text c="dimmed">{t('series.detail.configuration.none')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('series.detail.configuration.reported', { date: date.long(configuration.reportedAt) })}
      </Text>
      <KeyValueTree value={configuration.content} label={t('series.detail.configuration.title')} />
    </Stack>
  );
}
