import { io, type Socket } from 'socket.io-client';
import {
  DESKTOP_NAMESPACE,
  HUB_PATH,
  HUB_RETRY_FIRST_MS,
  HUB_RETRY_MAX_MS,
  reconnectDelay,
  type CONNECTION_MODES,
  type DesktopCommand,
  type HubAnswer,
} from '@fleet/contract';
import { DesktopCommands, type CommandOptions, type TaskEvents, type ToolDevice } from './commands.ts';

/** A device a desktop tool connects: it signs the technician's token for the hub. */
export interface PluggedDevice extends ToolDevice {
  hubSignature(token: string): string;
}

/** The technician whose desktop tool holds the device: their access token, renewed as it expires. */
export interface TechnicianSession {
  readonly username: string;
  readonly token: string;
}

export interface SessionOptions extends CommandOptions {
  server: string;
  connectionMode: (typeof CONNECTION_MODES)[number];
  warn(line: string): void;
}

type Refusal = Error & { data?: { status?: number } };

/**
 * One session of a device plugged into a technician's desktop tool: its socket on the hub's desktop
 * namespace, connected again after outages, restarts and renumbers, until it is unplugged or ejected.
 */
export class DesktopSession {
  readonly #socket: Socket;
  readonly #commands: DesktopCommands;
  #timer: NodeJS.Timeout | undefined;
  #refusals = 0;
  #ended = false;
  /** The task the hub knows of on this connection (it forgets tasks when a connection closes). */
  #announced: string | null = null;
  #ejected!: () => void;
  /** Resolves when the hub ejects the device: it stays unplugged until its next session. */
  readonly ejected = new Promise<void>((resolve) => (this.#ejected = resolve));

  constructor(
    private readonly device: PluggedDevice,
    private readonly technician: TechnicianSession,
    private readonly options: SessionOptions,
  ) {
    this.#commands = new DesktopCommands(device, this, options);
    this.#socket = io(`${options.server}${DESKTOP_NAMESPACE}`, {
      path: HUB_PATH,
      transports: ['websocket'],
      forceNew: true,
      autoConnect: false,
      reconnectionDelay: HUB_RETRY_FIRST_MS,
      reconnectionDelayMax: HUB_RETRY_MAX_MS,
      // Signed anew at each attempt: a device signature carries a timestamp and a single-use nonce.
      auth: (answer) => answer(this.#handshake()),
    });
    this.#listen();
  }

  plug(): void {
    this.#socket.connect();
  }

  /** Unplugs the device once its task (if any) ended. */
  async unplug(): Promise<void> {
    await this.#commands.idle();
    this.#end();
  }

  /** The technician signed in again: the hub ends connections with the old token, so reconnect now. */
  renewed(): void {
    void this.#commands.idle().then(() => this.reconnect(0));
  }

  reconnect(afterMs: number): void {
    if (this.#ended) return;
    clearTimeout(this.#timer);
    this.#socket.disconnect();
    this.#timer = setTimeout(() => this.#socket.connect(), afterMs);
  }

  report<E extends keyof TaskEvents>(event: E, payload: TaskEvents[E]): void {
    if (!this.#socket.connected) return;
    const report: TaskEvents[keyof TaskEvents] = payload;
    if (!('id' in report)) return void this.#socket.emit(event, report);
    // Connected again in the middle of a task: the hub forgot it, its next progress starts it anew.
    this.#socket.emit(this.#announced === report.id ? event : 'taskStarted', report);
    this.#announced = report.id;
  }

  #handshake() {
    const { token } = this.technician;
    return { token, device: this.device.hubSignature(token), connectionMode: this.options.connectionMode };
  }

  #listen() {
    const socket = this.#socket;
    socket.on('connect', () => {
      this.#refusals = 0;
      this.#announced = null;
    });
    socket.on('command', (command: DesktopCommand, ack: (answer: HubAnswer<unknown>) => void) =>
      this.#commands.handle(command, ack),
    );
    socket.on('connect_error', (error: Refusal) => {
      // Unreachable: socket.io tries again itself. Refused by the hub: the tool tries again later.
      if (!socket.active) this.#refused(error);
    });
    socket.on('eject', (event: { reason?: string }) => {
      this.#log(`ejected (${event.reason ?? 'no reason given'})`);
      this.#end();
      this.#ejected();
    });
    socket.on('disconnect', (reason) => {
      // The hub ended the connection (shutting down, or the token expired): connect again, with the
      // technician's renewed token by then.
      if (reason === 'io server disconnect' && !this.#ended) this.reconnect(reconnectDelay(0));
    });
  }

  #refused(error: Refusal) {
    const delay = reconnectDelay(this.#refusals++);
    this.options.warn(
      `the hub refused ${this.device.serialNumber} for technician ${this.technician.username}` +
        ` (${error.data?.status ?? 'no status'}: ${error.message}), trying again in ${delay / 1000} s`,
    );
    this.reconnect(delay);
  }

  #end() {
    this.#ended = true;
    clearTimeout(this.#timer);
    this.#socket.disconnect();
  }

  #log(what: string) {
    this.options.log(`technician ${this.technician.username}: ${this.device.serialNumber} ${what}`);
  }
}
