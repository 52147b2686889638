import type { ConnectedDevice } from '@fleet/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '../../../components/icons';
import { useMe } from '../../../hooks/use-me';
import { openLiveAction } from './live-action-dialog';
import { LIVE_ACTIONS, liveActionState } from './live-actions';

/** The action cell of a connected device: the actions the user may run on it, each with its dialog. */
export function LiveActionsMenu({ device }: { device: ConnectedDevice }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  const user = { id: me.sub, features: me.features };
  const actions = LIVE_ACTIONS.map((action) => ({
    action,
    state: liveActionState(action, device, user),
  })).filter(({ state }) => state !== 'hidden');
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('hub.actions.menu', { serialNumber: device.serialNumber })}
        >
          <MoreIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map(({ action, state }) => (
          <Menu.Item
            key={action}
            disabled={state === 'busy'}
            color={action === 'eject' ? 'red' : undefined}
            title={state === 'busy' ? t('hub.actions.busy') : undefined}
            onClick={() =>
              void openLiveAction(
                action,
                device.serialNumber,
                t(`hub.actions.${action}.title`, { serialNumber: device.serialNumber }),
              )
            }
          >
            {t(`hub.actions.${action}.label`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
