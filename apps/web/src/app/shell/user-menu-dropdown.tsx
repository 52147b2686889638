import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAppSettings } from '../../hooks/use-app-settings';
import { useAuth } from '../../hooks/use-auth';
import { useCanUse } from '../../hooks/use-can-use';

/**
 * The user menu proper, around the button user-menu.tsx shows from the first paint: its own chunk, so
 * Mantine's Menu and floating-ui stay out of the first load. Lists only what the user may use.
 */
export function UserMenuDropdown({ target }: { target: ReactElement }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const { links } = useAppSettings();
  const canConfigure = useCanUse(paths.configurationSettings.feature);
  const canUseSpace = useCanUse(paths.notifications.feature);
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {links.profile && (
          <Menu.Item component="a" href={links.profile} target="_blank" rel="noopener noreferrer">
            {t('app.user_menu.profile')}
          </Menu.Item>
        )}
        {canConfigure && (
          <Menu.Item component={Link} to={paths.configurationSettings.path}>
            {t('app.user_menu.configuration_settings')}
          </Menu.Item>
        )}
        {canUseSpace && (
          <>
            <Menu.Item component={Link} to={paths.notifications.path}>
              {t('app.user_menu.notifications')}
            </Menu.Item>
            <Menu.Item component={Link} to={paths.alertRules.path}>
              {t('app.user_menu.alert_rules')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        {/* `c`, not `color`: Menu.Item's colour takes shade 6, which fails contrast; `c` takes the theme's readable red. */}
        <Menu.Item c="red" onClick={() => void signOut()}>
          {t('app.user_menu.sign_out_all_tabs')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
