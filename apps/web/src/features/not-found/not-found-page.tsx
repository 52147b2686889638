import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>{t('not_found.page.title')}</Title>
        <Text>{t('not_found.page.message')}</Text>
        <Button component={Link} to="/">
          {t('not_found.page.back')}
        </Button>
      </Stack>
    </Center>
  );
}
