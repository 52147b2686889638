import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { setOverlaysMounted } from './overlay-state';

/**
 * The hosts of the console's dialogs (`modals.open`) and toasts. ModalsProvider registers its event
 * listeners in a layout effect, so by this passive effect a dialog asked for is no longer lost.
 */
const TOAST_POSITION = 'bottom-right';

export function OverlayHosts() {
  useEffect(() => {
    setOverlaysMounted(true);
    return () => setOverlaysMounted(false);
  }, []);
  return (
    <>
      <ModalsProvider />
      {/* Below, not at the top right: a toast there covered the task list it points to. The toast under
          the pointer waits; the others hide in their time, as before Mantine 9 (which holds them all). */}
      <Notifications position={TOAST_POSITION} pauseResetOnHover="notification" />
    </>
  );
}
