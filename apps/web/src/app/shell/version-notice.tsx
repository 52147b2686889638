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
  const { data: running } = useQuery(runningVersionQueryOptions);
  const { data: deployed } = useQuery({ ...deployedVersionQueryOptions, enabled: Boolean(running) });
  const fresh = running && deployed && isNewVersion(running, deployed) ? deployed.version : null;

  useEffect(() => {
    if (!fresh) return;
    notifications.show({
      id: NOTICE_ID,
      color: 'blue',
      autoClose: false,
      title: <NoticeTitle />,
      message: <NoticeMessage version={fresh} />,
    });
  }, [fresh]);

  return null;
}

// Components rather than strings, so the notice follows a language change.
function NoticeTitle() {
  const { t } = useTranslation();
  return t('app.new_version.title');
}

function NoticeMessage({ version }: { version: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{t('app.new_version.message', { version })}</Text>
      <Button size="compact-sm" onClick={() => window.location.reload()}>
        {t('app.new_version.refresh')}
      </Button>
    </Group>
  );
}
