import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { returnPath } from '../../config/paths';
import { useAuth } from '../../hooks/use-auth';

export function SessionExpiredPage() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const location = useLocation();
  const [connecting, setConnecting] = useState(false);
  const reconnect = () => {
    setConnecting(true);
    void signIn(returnPath(location.state)).catch(() => setConnecting(false));
  };
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{t('auth.expired.title')}</Title>
        <Text>{t('auth.expired.message')}</Text>
        <Button loading={connecting} onClick={reconnect}>
          {t('auth.expired.reconnect')}
        </Button>
      </Stack>
    </Center>
  );
}
