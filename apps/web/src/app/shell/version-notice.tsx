import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isNewVersion } from '../../lib/version-check';
import { deployedVersionQueryOptions, runningVersionQueryOptions } from './version-queries';

const NOTICE_ID = 'new-version';

/** A new deployment is announced until the user refreshes: old chunks may be gone. */
export function VersionNotice() {
  const { t } = useTranslation();
  const { data: running } = useQuery(runningVersionQueryOptions);
  const { data: deployed } = useQuery({ ...deployedVersionQueryOptions, enabled: Boolean(running) });
  const fresh = running && deployed && isNewVersion(running, deployed) ? deployed.version : null;

  useEffect(() => {
    if (!fresh) return;
    notifications.show({
      id: NOTICE_ID,
      color: 'blue',
      autoClose: false,
      title: t('app.new_version.title'),
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('app.new_version.message', { version: fresh })}</Text>
          <Button size="compact-sm" onClick={() => window.location.reload()}>
            {t('app.new_version.refresh')}
          </Button>
        </Group>
      ),
    });
  }, [fresh, t]);

  return null;
}
