import { io, type Socket } from 'socket.io-client';
import {
  CONSOLE_NAMESPACE,
  DESKTOP_NAMESPACE,
  DESKTOP_SIGNED_METHOD,
  HUB_PATH,
  type DesktopCommand,
  type HubAnswer,
  type HubArguments,
  type HubMethod,
} from '@fleet/contract';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import type { TestServer } from './helpers.ts';

/** Resolves once the socket is connected; rejects with the server's refusal (`data.status`). */
function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: Error & { data?: { status?: number } }) => {
      socket.close();
      reject(Object.assign(error, { status: error.data?.status }));
    });
  });
}

const options = { path: HUB_PATH, transports: ['websocket'], reconnection: false, forceNew: true };

/** A console on the hub, signed in as a demo user. */
export async function connectConsole(server: TestServer, username: string): Promise<Socket> {
  const token = await server.tokenFor(username);
  return connected(io(`${server.baseUrl}${CONSOLE_NAMESPACE}`, { ...options, auth: { token } }));
}

/** Calls a hub method and answers its acknowledgement. */
export function call<M extends HubMethod>(
  socket: Socket,
  method: M,
  args: HubArguments<M> | Record<string, unknown> = {},
): Promise<HubAnswer<unknown>> {
  return socket.timeout(15_000).emitWithAck(method, args) as Promise<HubAnswer<unknown>>;
}

/** The events of these names a socket receives, in order. */
export function recorder(socket: Socket, names: readonly string[]) {
  const events: { name: string; payload: Record<string, unknown> }[] = [];
  for (const name of names)
    socket.on(name, (payload: Record<string, unknown>) => events.push({ name, payload }));
  return {
    events,
    /** Waits until an event passes the test. */
    async waitFor(name: string, test: (payload: Record<string, unknown>) => boolean = () => true) {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const found = events.find((event) => event.name === name && test(event.payload));
        if (found) return found.payload;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no ${name} event: ${JSON.stringify(events)}`);
    },
  };
}

export type CommandAnswer = (command: DesktopCommand, socket: Socket) => HubAnswer<unknown> | null;

/**
 * A desktop tool connecting a device on a technician's behalf. It answers commands with `answer`
 * (null: no answer at all, as a device that hangs); the commands it got are kept in order.
 */
export async function connectDesktop(
  server: TestServer,
  username: string,
  serialNumber: string,
  answer: CommandAnswer = () => ({ ok: true, result: {} }),
  overrides: { token?: string; signedToken?: string; device?: string; connectionMode?: string } = {},
) {
  const token = overrides.token ?? (await server.tokenFor(username));
  const device =
    overrides.device ??
    signDeviceRequest(serialNumber, await server.deviceKey(serialNumber), {
      method: DESKTOP_SIGNED_METHOD,
      url: DESKTOP_NAMESPACE,
      body: overrides.signedToken ?? token,
    });
  const socket = io(`${server.baseUrl}${DESKTOP_NAMESPACE}`, {
    ...options,
    auth: { token, device, connectionMode: overrides.connectionMode ?? 'usb' },
  });
  const commands: DesktopCommand[] = [];
  socket.on('command', (command: DesktopCommand, ack: (answer: HubAnswer<unknown>) => void) => {
    commands.push(command);
    const reply = answer(command, socket);
    if (reply) ack(reply);
  });
  await connected(socket);
  return { socket, commands };
}
