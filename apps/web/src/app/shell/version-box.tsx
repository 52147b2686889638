import { NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';
import { runningVersionQueryOptions } from './version-queries';

/** Keyboard users reach it with Tab; it shows the version and lets them pick the sign-in provider. */
export function VersionBox({ className }: { className: string }) {
  const { t } = useTranslation();
  const { provider, providers, switchProvider } = useAuth();
  const { data: version } = useQuery(runningVersionQueryOptions);
  return (
    <Paper
      className={className}
      withBorder
      shadow="md"
      p="sm"
      tabIndex={0}
      aria-label={t('app.version_box.label')}
    >
      <Stack gap="xs">
        <Text size="sm">
          {version
            ? t('app.version_box.version', { version: version.version, build: version.build })
            : t('app.version_box.unknown')}
        </Text>
        <NativeSelect
          label={t('app.version_box.provider')}
          value={provider.name}
          data={providers.map((other) => ({ value: other.name, label: other.label }))}
          onChange={(event) => void switchProvider(event.currentTarget.value)}
          size="xs"
        />
      </Stack>
    </Paper>
  );
}
