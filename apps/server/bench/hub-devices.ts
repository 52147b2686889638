// A child of bench/hub.ts: desktop tools holding thousands of devices on the live hub, and the state
// changes (a task started) they send at the pace asked. Driven by messages from the parent process.
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { DESKTOP_NAMESPACE, DESKTOP_SIGNED_METHOD, HUB_PATH } from '@fleet/contract';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';

export type DevicesCommand =
  | { type: 'connect'; baseUrl: string; token: string; devices: [string, string][]; wanted: number }
  | { type: 'load'; perSecond: number; seconds: number }
  | { type: 'stop' };

export type DevicesReport =
  { type: 'connected'; connected: number; refused: number; ms: number } | { type: 'loaded'; sent: number };

const CONNECTING_AT_ONCE = 100;
const sockets: Socket[] = [];

function connectOne(
  baseUrl: string,
  token: string,
  serialNumber: string,
  key: string,
): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = io(`${baseUrl}${DESKTOP_NAMESPACE}`, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
      auth: {
        token,
        connectionMode: 'usb',
        device: signDeviceRequest(serialNumber, key, {
          method: DESKTOP_SIGNED_METHOD,
          url: DESKTOP_NAMESPACE,
          body: token,
        }),
      },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(null);
    });
  });
}

async function connect(command: Extract<DevicesCommand, { type: 'connect' }>): Promise<DevicesReport> {
  const started = Date.now();
  let next = 0;
  let refused = 0;
  let connecting = 0;
  const worker = async () => {
    while (sockets.length + connecting < command.wanted && next < command.devices.length) {
      const [serialNumber, key] = command.devices[next++]!;
      connecting++;
      const socket = await connectOne(command.baseUrl, command.token, serialNumber, key);
      connecting--;
      if (socket) sockets.push(socket);
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, worker));
  return { type: 'connected', connected: sockets.length, refused, ms: Date.now() - started };
}

/** Tasks started on random devices at `perSecond`, each carrying its send time as its message. */
async function load(perSecond: number, seconds: number): Promise<DevicesReport> {
  const tickMs = 10;
  const ticks = (seconds * 1000) / tickMs;
  let sent = 0;
  const began = Date.now();
  for (let tick = 0; tick < ticks; tick++) {
    const due = Math.round(((tick + 1) * perSecond * tickMs) / 1000) - sent;
    for (let i = 0; i < due; i++) {
      const socket = sockets[Math.floor(Math.random() * sockets.length)];
      socket?.emit('taskStarted', {
        id: randomUUID(),
        kind: 'calibrate',
        startedAt: new Date().toISOString(),
        percent: 0,
        message: String(Date.now()),
      });
      sent++;
    }
    const wait = began + (tick + 1) * tickMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { type: 'loaded', sent };
}

process.on('message', (command: DevicesCommand) => {
  const answer = (report: DevicesReport) => process.send!(report);
  if (command.type === 'connect') void connect(command).then(answer);
  if (command.type === 'load') void load(command.perSecond, command.seconds).then(answer);
  if (command.type === 'stop') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
