import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { setOverlaysMounted } from './overlay-state';

/**
 * The hosts of the console's dialogs (`modals.open`) and toasts. ModalsProvider registers its event
 * listeners in a layout effect, so by this passive effect a dialog asked for is no longer lost.
 */
export function OverlayHosts() {
  useEffect(() => {
    setOverlaysMounted(true);
    return () => setOverlaysMounted(false);
  }, []);
  return (
    <>
      <ModalsProvider />
      {/* Not at the top right: a toast there covers the top bar, whose task list most toasts point to. */}
      <Notifications position="bottom-right" />
    </>
  );
}
