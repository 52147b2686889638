import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../hooks/use-auth';
import { HubContext } from '../hooks/use-hub';
import { useMe } from '../hooks/use-me';
import { NOTIFICATIONS_KEY } from '../lib/query-keys';
import type { HubClient } from '../lib/hub/hub-client';
import { useAfterFirstScreen } from './shell/after-first-screen';

/**
 * Starts the one hub client after sign-in, stops it at sign-out. Every user's bell hears through it that
 * their unread count changed; its devices are offered to screens only for users with a live feature.
 * Users without one start it once the first screen is there, which their screens do not wait for.
 */
export function HubProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const afterFirstScreen = useAfterFirstScreen();
  const ownGroup = me?.features.includes('CONNECTED_DEVICES') ?? false;
  const live = ownGroup || (me?.features.includes('DEVICES_SUPPORT') ?? false);
  const due = status === 'signed-in' && me !== undefined && (live || afterFirstScreen);
  const [client, setClient] = useState<HubClient | null>(null);

  useEffect(() => {
    if (!due) return;
    let stop: (() => void) | null = null;
    let ended = false;
    const heard = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    void import('../lib/hub/start-hub').then(({ startHub }) => {
      if (ended) return;
      const hub = startHub(ownGroup, heard);
      stop = hub.stop;
      setClient(hub.client);
    });
    return () => {
      ended = true;
      stop?.();
      setClient(null);
    };
  }, [due, ownGroup, queryClient]);

  return <HubContext.Provider value={live ? client : null}>{children}</HubContext.Provider>;
}
