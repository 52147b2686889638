import { seriesDetailSchema } from '@fleet/contract';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAuth } from '../hooks/use-auth';
import { HubContext } from '../hooks/use-hub';
import { useMe } from '../hooks/use-me';
import { apiRequest, currentAccessToken } from '../lib/api';
import { HubClient } from '../lib/hub/hub-client';
import { openSocketIo } from '../lib/hub/socket';

/** How often the session's token is compared with the one the hub holds (renewals happen minutes early). */
const TOKEN_CHECK_MS = 30_000;

function fetchSerie(serialNumber: string) {
  return apiRequest(`/Series/${encodeURIComponent(serialNumber)}`, { schema: seriesDetailSchema });
}

/** Starts the one hub client after sign-in for users with a live feature; stops it at sign-out. */
export function HubProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { data: me } = useMe();
  const ownGroup = me?.features.includes('CONNECTED_DEVICES') ?? false;
  const live = ownGroup || (me?.features.includes('DEVICES_SUPPORT') ?? false);
  const client = useMemo(
    () =>
      status === 'signed-in' && live
        ? new HubClient({ open: openSocketIo, token: currentAccessToken, ownGroup, fetchSerie })
        : null,
    [status, live, ownGroup],
  );

  useEffect(() => {
    if (!client) return;
    client.start();
    let token = currentAccessToken();
    const check = setInterval(() => {
      const now = currentAccessToken();
      if (now && now !== token) client.renewToken(now);
      token = now;
    }, TOKEN_CHECK_MS);
    return () => {
      clearInterval(check);
      void client.stop();
    };
  }, [client]);

  return <HubContext.Provider value={client}>{children}</HubContext.Provider>;
}
