import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';

/** Shown while the browser is sent to the identity provider. */
export function AuthenticationRequiredScreen({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  useEffect(() => {
    void signIn(returnTo);
  }, [signIn, returnTo]);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Title order={1}>{t('auth.required.title')}</Title>
        <Loader role="status" aria-label={t('auth.required.redirecting')} />
        <Text c="dimmed">{t('auth.required.redirecting')}</Text>
      </Stack>
    </Center>
  );
}
