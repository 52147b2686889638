import type { Version, VersionAvailability } from '@fleet/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/dialogs';
import { MoreIcon } from '../../components/icons';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { useFeatureCheck } from '../../hooks/use-can-use';
import { deleteVersionMutation, downloadVersionMutation, versionAvailabilityMutation } from './api';
import { openContentDialog } from './content-dialog';

/** Who each availability reaches, in the order the menu offers them. */
const AVAILABILITIES: readonly VersionAvailability[] = ['general', 'early', 'withdrawn'];

/** A version's actions, each shown to the roles its feature allows (platform §6 VERSIONS). */
export function VersionActions({
  type,
  version,
  onRollOut,
}: {
  type: string;
  version: Version;
  onRollOut: () => void;
}) {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  const download = useMutation(downloadVersionMutation);
  const availabilityChange = useMutation(versionAvailabilityMutation);
  const deletion = useMutation(deleteVersionMutation);
  const busy = download.isPending || availabilityChange.isPending || deletion.isPending;
  const label = `${type} ${version.number}`;
  const which = { type, number: version.number };

  const run = async (action: string, call: () => Promise<unknown>, done?: string) => {
    try {
      await call();
      if (done) showSuccess(done);
    } catch (error) {
      showError(error, `versions.${action}`, { detail: label });
    }
  };

  const remove = async () => {
    const sure = await confirm({
      title: t('versions.delete.title', { version: label }),
      message: t('versions.delete.message'),
      confirmLabel: t('versions.delete.confirm'),
      danger: true,
    });
    if (sure)
      await run('delete', () => deletion.mutateAsync(which), t('versions.delete.done', { version: label }));
  };

  const actions = [
    canUse('VERSIONS.SEECONTENT') && (
      <Menu.Item key="content" onClick={() => openContentDialog(type, version.number)}>
        {t('versions.actions.content')}
      </Menu.Item>
    ),
    canUse('VERSIONS.DOWNLOADSPECIFIED') && (
      <Menu.Item key="download" onClick={() => void run('download', () => download.mutateAsync(which))}>
        {t('versions.actions.download')}
      </Menu.Item>
    ),
    canUse('VERSIONS.EAPONSPECIFIED') && version.availability !== 'withdrawn' && (
      <Menu.Item key="rollout" onClick={onRollOut}>
        {t('versions.actions.rollout')}
      </Menu.Item>
    ),
    ...(canUse('VERSIONS.EAPONSPECIFIED')
      ? AVAILABILITIES.filter((availability) => availability !== version.availability).map((availability) => (
          <Menu.Item
            key={availability}
            onClick={() =>
              void run(
                'availability',
                () => availabilityChange.mutateAsync({ ...which, availability }),
                t(`versions.availability.set_done_${availability}`, { version: label }),
              )
            }
          >
            {t(`versions.availability.set_${availability}`)}
          </Menu.Item>
        ))
      : []),
    canUse('VERSIONS.DELETESPECIFIED') && (
      <Menu.Item key="delete" c="red" onClick={() => void remove()}>
        {t('versions.actions.delete')}
      </Menu.Item>
    ),
  ].filter(Boolean);
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          loading={busy}
          aria-label={t('versions.actions.label', { version: label })}
        >
          <MoreIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{actions}</Menu.Dropdown>
    </Menu>
  );
}
