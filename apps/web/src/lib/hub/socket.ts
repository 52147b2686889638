import type { HubSocket, OpenSocket } from './hub-client';

/**
 * socket.io-client, loaded when the hub starts (not in the first load). The client's own reconnection
 * is off: the hub client follows the spec's delays (3 s doubling up to 300 s).
 */
export async function openSocketIo(): Promise<OpenSocket> {
  const { io } = await import('socket.io-client');
  return (url, options) =>
    io(url, { ...options, reconnection: false, transports: ['websocket'] }) as unknown as HubSocket;
}
