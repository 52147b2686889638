import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';

/**
 * Shown in every other tab when the user signs out in one: this tab is signed out too and shows nothing
 * it had loaded. It does not sign in again by itself: the user does, when they want to.
 */
export function SignedOutElsewhereScreen({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const [connecting, setConnecting] = useState(false);
  const signInAgain = () => {
    setConnecting(true);
    void signIn(returnTo).catch(() => setConnecting(false));
  };
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{t('auth.signed_out_elsewhere.title')}</Title>
        <Text>{t('auth.signed_out_elsewhere.message')}</Text>
        <Button loading={connecting} onClick={signInAgain}>
          {t('auth.signed_out_elsewhere.sign_in')}
        </Button>
      </Stack>
    </Center>
  );
}
