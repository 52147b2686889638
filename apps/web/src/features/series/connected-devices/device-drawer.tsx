import type { ConnectedDevice } from '@fleet/contract';
import { serialNumberRoute } from '@fleet/contract';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyContent } from '../../../components/lazy-content';
import { SideDrawer } from '../../../components/side-drawer';

/** The drawer's tabs, loaded when a drawer first opens (jobs §9: the lazy drawer loader). */
const loadTabs = () => import('./device-drawer-tabs');

/**
 * Spec §2: the tab drawer of a connected device; each tab loads when it is first opened (§9), the device
 * page is a link away.
 */
export function DeviceDrawer({ device, onClose }: { device: ConnectedDevice | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SideDrawer
      opened={device !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={device ? t('hub.drawer.title', { serialNumber: device.serialNumber }) : ''}
    >
      {device && (
        <Stack gap="md">
          <LazyContent load={loadTabs}>{(tabs) => <tabs.DeviceDrawerTabs device={device} />}</LazyContent>
          <Button component={Link} to={serialNumberRoute(device.serialNumber)} variant="light">
            {t('hub.drawer.open_page')}
          </Button>
        </Stack>
      )}
    </SideDrawer>
  );
}
