import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { desktopLink, handOffOutcome } from './desktop-link';

/** The desktop tool signs in through the browser; this page hands the answer back to it. */
export function DesktopAuthPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const link = desktopLink(search);
  const outcome = handOffOutcome(search);

  useEffect(() => {
    window.location.href = link;
  }, [link]);

  return (
    <Center mih="50vh">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1}>{t('desktop_auth.page.title')}</Title>
        {outcome.kind === 'error' ? (
          <Alert color="red" title={t('desktop_auth.page.error_title')} role="alert">
            {outcome.message}
          </Alert>
        ) : (
          <>
            <Text>{t('desktop_auth.page.finalize')}</Text>
            <Button component="a" href={link}>
              {t('desktop_auth.page.open')}
            </Button>
          </>
        )}
      </Stack>
    </Center>
  );
}
