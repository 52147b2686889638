import { useNotifications } from '@mantine/notifications';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { overlayDemand, overlaysFailed } from '../../components/overlays/overlay-state';
import { useConnection } from '../../hooks/use-connection';
import { importOnce } from '../../lib/chunk-reload';
import { useAfterFirstScreen } from './after-first-screen';

type Hosts = ComponentType;

/** The hosts' chunk, loaded once; a failed load is tried again at the next occasion. */
const loadHosts = importOnce<Hosts>(() =>
  import('../../components/overlays/overlay-hosts').then((module) => module.OverlayHosts),
);

/**
 * Loads the dialog and toast hosts after the first screen, or at once when a dialog or a toast is asked
 * for before. A chunk that does not arrive (an outage) breaks nothing: it is asked for again when the
 * server answers again, or at the next dialog.
 */
export function ShellOverlays() {
  const afterFirstScreen = useAfterFirstScreen();
  const demands = useSyncExternalStore(overlayDemand.subscribe, overlayDemand.count, overlayDemand.count);
  // Toasts wait in their store until the host shows them.
  const toasts = useNotifications().notifications.length;
  const { offline } = useConnection();
  const [Loaded, setLoaded] = useState<{ Hosts: Hosts } | null>(null);
  const wanted = afterFirstScreen || demands > 0 || toasts > 0;

  useEffect(() => {
    if (!wanted || Loaded) return undefined;
    let current = true;
    loadHosts().then((Hosts) => {
      if (current) setLoaded({ Hosts });
    }, overlaysFailed);
    return () => {
      current = false;
    };
    // `offline` too: when the server answers again, a load that failed during the outage is tried again.
  }, [wanted, Loaded, offline, demands]);

  return Loaded ? <Loaded.Hosts /> : null;
}
