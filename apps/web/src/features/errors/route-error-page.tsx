import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { isChunkLoadError, mayReloadForChunk, reloadIfDeployed } from '../../lib/chunk-reload';
import { reportError } from '../../lib/error-reporting';

/**
 * A screen failed to load or crashed. A missing chunk means a new version was deployed:
 * reload once to get it. Anything else is reported and shown.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(() => chunk && mayReloadForChunk());

  useEffect(() => {
    if (!chunk) reportError(error);
    // A new version, if the server answers; during an outage the screen says so and waits for a retry.
    else if (reloading) void reloadIfDeployed().then((reloads) => setReloading(reloads));
  }, [error, chunk, reloading]);

  if (reloading) return <FullPageLoader label={t('errors.screen.updating')} />;
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{t('errors.screen.title')}</Title>
        <Text>{t(chunk ? 'errors.screen.chunk' : 'errors.screen.message')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.screen.reload')}</Button>
      </Stack>
    </Center>
  );
}
