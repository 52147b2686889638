import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { paths } from '../../config/paths';
import { useAppSettings } from '../../hooks/use-app-settings';
import { useAuth } from '../../hooks/use-auth';
import { useCanUse } from '../../hooks/use-can-use';
import { useMe } from '../../hooks/use-me';

function SpaceCard({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {text}
          </Text>
        </div>
        {action}
      </Stack>
    </Card>
  );
}

export function UserSpacePage() {
  const { t } = useTranslation();
  const { links } = useAppSettings();
  const { signOut } = useAuth();
  const { data: me } = useMe();
  const canConfigure = useCanUse(paths.configurationSettings.feature);
  const canChooseAlerts = useCanUse(paths.alertRules.feature);

  return (
    <PageFrame
      title={t('user_space.page.title')}
      intro={
        me && (
          <>
            {t('user_space.page.signed_in_as', { name: me.name })}
            {me.email && (
              <>
                {' · '}
                <Anchor href={`mailto:${me.email}`}>{me.email}</Anchor>
              </>
            )}
          </>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {links.profile && (
          <SpaceCard
            title={t('user_space.profile.title')}
            text={t('user_space.profile.text')}
            action={
              <Button
                component="a"
                href={links.profile}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
              >
                {t('user_space.profile.open')}
              </Button>
            }
          />
        )}
        {canConfigure && (
          <SpaceCard
            title={t('user_space.configuration.title')}
            text={t('user_space.configuration.text')}
            action={
              <Button component={Link} to={paths.configurationSettings.path} variant="light">
                {t('user_space.configuration.open')}
              </Button>
            }
          />
        )}
        {canChooseAlerts && (
          <SpaceCard
            title={t('user_space.alerts.title')}
            text={t('user_space.alerts.text')}
            action={
              <Button component={Link} to={paths.alertRules.path} variant="light">
                {t('user_space.alerts.open')}
              </Button>
            }
          />
        )}
        <SpaceCard
          title={t('user_space.logout.title')}
          text={t('user_space.logout.text')}
          action={
            <Button color="red" variant="light" onClick={() => void signOut()}>
              {t('user_space.logout.action')}
            </Button>
          }
        />
      </SimpleGrid>
    </PageFrame>
  );
}
