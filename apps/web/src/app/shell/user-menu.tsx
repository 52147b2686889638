import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAppSettings } from '../../hooks/use-app-settings';
import { useAuth } from '../../hooks/use-auth';
import { useCanUse } from '../../hooks/use-can-use';
import { useMe } from '../../hooks/use-me';

/** Only for a signed-in user whose profile is loaded; lists only what the user may use. */
export function UserMenu() {
  const { t } = useTranslation();
  const { status, signOut } = useAuth();
  const { data: me } = useMe();
  const { links } = useAppSettings();
  const canConfigure = useCanUse(paths.configurationSettings.feature);
  if (status !== 'signed-in' || !me) return null;

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={t('app.user_menu.label')}>
          {me.name}
        </Button>
      </Menu.Target>
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
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          {t('app.user_menu.sign_out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
