import { seriesDetailSchema, type NotificationsHubPayload } from '@fleet/contract';
import { apiRequest, currentAccessToken } from '../api';
import { HubClient } from './hub-client';
import { openSocketIo } from './socket';

/** How often the session's token is compared with the one the hub holds (renewals happen minutes early). */
const TOKEN_CHECK_MS = 30_000;

function fetchSerie(serialNumber: string) {
  return apiRequest(`/Series/${encodeURIComponent(serialNumber)}`, { schema: seriesDetailSchema });
}

/**
 * Starts the console's hub client with the session's token, renewed as the session renews it; loaded
 * after the first load, so the hub's code and schemas stay out of it.
 */
export function startHub(
  ownGroup: boolean,
  onNotifications: (payload: NotificationsHubPayload) => void,
): { client: HubClient; stop: () => void } {
  const client = new HubClient({
    open: openSocketIo,
    token: currentAccessToken,
    ownGroup,
    fetchSerie,
    onNotifications,
  });
  client.start();
  let token = currentAccessToken();
  const check = setInterval(() => {
    const now = currentAccessToken();
    if (now && now !== token) client.renewToken(now);
    token = now;
  }, TOKEN_CHECK_MS);
  return {
    client,
    stop: () => {
      clearInterval(check);
      void client.stop();
    },
  };
}
