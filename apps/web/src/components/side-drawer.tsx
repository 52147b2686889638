import { Drawer, type DrawerProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Every drawer of the console: from the right unless said otherwise, its close button named for screen readers. */
export function SideDrawer({ closeButtonProps, ...props }: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      position="right"
      {...props}
      closeButtonProps={{ 'aria-label': t('common.actions.close_dialog'), ...closeButtonProps }}
    />
  );
}
