import { useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../hooks/use-auth';
import { HubContext } from '../hooks/use-hub';
import { useMe } from '../hooks/use-me';
import type { HubClient } from '../lib/hub/hub-client';

/** Starts the one hub client after sign-in for users with a live feature; stops it at sign-out. */
export function HubProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { data: me } = useMe();
  const ownGroup = me?.features.includes('CONNECTED_DEVICES') ?? false;
  const live = ownGroup || (me?.features.includes('DEVICES_SUPPORT') ?? false);
  const [client, setClient] = useState<HubClient | null>(null);

  useEffect(() => {
    if (status !== 'signed-in' || !live) return;
    let stop: (() => void) | null = null;
    let ended = false;
    void import('../lib/hub/start-hub').then(({ startHub }) => {
      if (ended) return;
      const hub = startHub(ownGroup);
      stop = hub.stop;
      setClient(hub.client);
    });
    return () => {
      ended = true;
      stop?.();
      setClient(null);
    };
  }, [status, live, ownGroup]);

  return <HubContext.Provider value={client}>{children}</HubContext.Provider>;
}
