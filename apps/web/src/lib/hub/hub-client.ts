import {
  CONSOLE_NAMESPACE,
  HUB_EVENTS,
  HUB_PATH,
  NOTIFICATIONS_HUB_EVENT,
  hubEventOf,
  hubReducer,
  reconnectDelay,
  type ConnectedDevice,
  type ConnectedDevices,
  type HubAnswer,
  type HubArguments,
  type HubEvent,
  type HubEventName,
  type HubEventPayloads,
  type HubMethod,
  type NotificationsHubPayload,
} from '@fleet/contract';
import { HubCallError } from './hub-call-error';

export { HubCallError };

/** What a socket of socket.io-client offers that the hub client uses (tests pass their own). */
export interface HubSocket {
  connected: boolean;
  on<Name extends HubEventName>(event: Name, listener: (payload: HubEventPayloads[Name]) => void): unknown;
  on(event: 'connect' | 'connect_error' | 'disconnect', listener: () => void): unknown;
  on(event: typeof NOTIFICATIONS_HUB_EVENT, listener: (payload: NotificationsHubPayload) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  connect(): unknown;
  disconnect(): unknown;
}

/** How a task ended, as its device's tool reported it. */
export interface TaskOutcome {
  succeeded: boolean;
  message: string | null;
}

/** Outcomes kept for a task whose end arrives before anyone waits for it (a quick one). */
const KEPT_OUTCOMES = 50;

export type OpenSocket = (
  url: string,
  options: { path: string; auth: (cb: (auth: object) => void) => void },
) => HubSocket;

export type HubStatus = 'stopped' | 'connecting' | 'connected' | 'reconnecting';

export interface HubState {
  status: HubStatus;
  devices: ConnectedDevices;
  /** When the next attempt is due, while reconnecting. */
  retryAt: number | null;
}

export interface HubClientOptions {
  open: () => Promise<OpenSocket>;
  token: () => string | null;
  /** Whether the user may join their own group (CONNECTED_DEVICES). */
  ownGroup: boolean;
  /** The user's unread count changed (every console is in its user's own room). */
  onNotifications?: (payload: NotificationsHubPayload) => void;
  /** The series card of a device that connected (spec §4: fetched on connected). */
  fetchSerie: (serialNumber: string) => Promise<ConnectedDevice['serie']>;
  timers?: { set: (run: () => void, ms: number) => unknown; clear: (timer: unknown) => void };
  now?: () => number;
}

const CALL_TIMEOUT_MS = 70_000;
const SERIES_AT_ONCE = 4;

/**
 * The console's one hub client (spec §4, §9): started once; joins its group (and the admin group while a
 * screen asks for it) and fetches the connected devices; on close or reconnecting clears them; tries again
 * after 3 s doubling up to 300 s, and on reconnect rejoins and resets the delay; on stop leaves and
 * disconnects. The state follows the contract's reducer.
 */
export class HubClient {
  #state: HubState = { status: 'stopped', devices: new Map(), retryAt: null };
  #listeners = new Set<() => void>();
  #socket: HubSocket | null = null;
  #failures = 0;
  #retry: unknown = null;
  #adminWanted = 0;
  #stopped = true;
  #outcomes = new Map<string, TaskOutcome>();
  #serieQueue: string[] = [];
  #seriesLoading = 0;
  #waiting = new Map<string, { resolve: (outcome: TaskOutcome) => void; reject: (error: Error) => void }>();
  readonly #timers;
  readonly #now;

  constructor(private readonly options: HubClientOptions) {
    this.#timers = options.timers ?? {
      set: (run: () => void, ms: number) => setTimeout(run, ms),
      clear: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    };
    this.#now = options.now ?? Date.now;
  }

  getState = (): HubState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#set({ status: 'connecting' });
    void this.#connect();
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#timers.clear(this.#retry);
    const socket = this.#socket;
    this.#socket = null;
    if (socket?.connected) {
      if (this.options.ownGroup) await this.#ask(socket, 'leaveGroup', {}).catch(() => undefined);
      if (this.#adminWanted > 0) await this.#ask(socket, 'leaveGroupAdmin', {}).catch(() => undefined);
    }
    socket?.disconnect();
    this.#apply({ type: 'reset' });
    this.#set({ status: 'stopped', retryAt: null });
  }

  /** A screen showing every connected device joins the admin group while it is open; answers the leave. */
  joinAdmin(): () => void {
    this.#adminWanted++;
    if (this.#adminWanted === 1 && this.#socket?.connected) void this.#joinAndFetch(this.#socket);
    return () => {
      this.#adminWanted--;
      if (this.#adminWanted === 0 && this.#socket?.connected)
        void this.#ask(this.#socket, 'leaveGroupAdmin', {})
          .then(() => this.#socket && this.#fetch(this.#socket))
          .catch(() => undefined);
    };
  }

  /** Calls a method; rejects with a HubCallError for a refusal, or when the hub is not connected. */
  async call<M extends HubMethod>(method: M, args: HubArguments<M>): Promise<unknown> {
    const socket = this.#socket;
    if (!socket?.connected) throw new HubCallError(503, 'The live hub is not connected');
    return this.#ask(socket, method, args);
  }

  /** The end of a task started through this client; rejects when the connection is lost meanwhile. */
  waitForTask(taskId: string): Promise<TaskOutcome> {
    const known = this.#outcomes.get(taskId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => this.#waiting.set(taskId, { resolve, reject }));
  }

  #taskEnded(taskId: string, outcome: TaskOutcome): void {
    this.#outcomes.set(taskId, outcome);
    if (this.#outcomes.size > KEPT_OUTCOMES) this.#outcomes.delete(this.#outcomes.keys().next().value!);
    this.#waiting.get(taskId)?.resolve(outcome);
    this.#waiting.delete(taskId);
  }

  #abandonTasks(): void {
    for (const waiter of this.#waiting.values())
      waiter.reject(
        new HubCallError(503, 'The connection to the live hub was lost: the task’s end is unknown'),
      );
    this.#waiting.clear();
  }

  /** The session renewed its token: the hub keeps the connection on it. */
  renewToken(token: string): void {
    if (this.#socket?.connected) void this.#ask(this.#socket, 'renewToken', { token }).catch(() => undefined);
  }

  async #ask(socket: HubSocket, method: HubMethod, args: object): Promise<unknown> {
    let answer: HubAnswer<unknown>;
    try {
      answer = (await socket.timeout(CALL_TIMEOUT_MS).emitWithAck(method, args)) as HubAnswer<unknown>;
    } catch {
      throw new HubCallError(504, 'The live hub did not answer');
    }
    if (!answer.ok) throw new HubCallError(answer.status, answer.message);
    return answer.result;
  }

  async #connect(): Promise<void> {
    let open: OpenSocket;
    try {
      open = await this.options.open();
    } catch {
      return this.#failed();
    }
    if (this.#stopped) return;
    const socket = open(CONSOLE_NAMESPACE, {
      path: HUB_PATH,
      auth: (cb) => cb({ token: this.options.token() ?? '' }),
    });
    this.#socket = socket;
    socket.on('connect', () => {
      this.#failures = 0;
      this.#set({ status: 'connected', retryAt: null });
      void this.#joinAndFetch(socket);
    });
    socket.on('connect_error', () => this.#lost(socket));
    socket.on('disconnect', () => this.#lost(socket));
    const listen = <Name extends HubEventName>(name: Name) =>
      socket.on(name, (payload: HubEventPayloads[Name]) => this.#event(hubEventOf(name, payload)));
    for (const name of HUB_EVENTS) listen(name);
    socket.on(NOTIFICATIONS_HUB_EVENT, (payload) => this.options.onNotifications?.(payload));
  }

  #lost(socket: HubSocket): void {
    if (this.#stopped || socket !== this.#socket) return;
    this.#socket = null;
    socket.disconnect();
    this.#failed();
  }

  #failed(): void {
    if (this.#stopped) return;
    const wait = reconnectDelay(this.#failures);
    this.#failures++;
    this.#apply({ type: 'reset' });
    this.#set({ status: 'reconnecting', retryAt: this.#now() + wait });
    this.#timers.clear(this.#retry);
    this.#retry = this.#timers.set(() => void this.#connect(), wait);
  }

  async #joinAndFetch(socket: HubSocket): Promise<void> {
    try {
      if (this.options.ownGroup) await this.#ask(socket, 'joinGroup', {});
      if (this.#adminWanted > 0) await this.#ask(socket, 'joinGroupAdmin', {});
      await this.#fetch(socket);
    } catch {
      // A refusal here (a role changed meanwhile) leaves the list empty; the next reconnect tries again.
    }
  }

  async #fetch(socket: HubSocket): Promise<void> {
    if (!this.options.ownGroup && this.#adminWanted === 0)
      return this.#apply({ type: 'snapshot', devices: [] });
    const devices = (await this.#ask(socket, 'getConnectedDevices', {})) as ConnectedDevice[];
    if (socket !== this.#socket) return;
    this.#apply({ type: 'snapshot', devices });
    for (const device of devices) this.#loadSerie(device.serialNumber);
  }

  #event(event: HubEvent): void {
    this.#apply(event);
    if (event.type === 'taskCompleted')
      this.#taskEnded(event.taskId, { succeeded: event.succeeded, message: event.message });
    if (event.type === 'connected') this.#loadSerie(event.device.serialNumber);
  }

  /** Series cards are fetched a few at a time: an admin group of thousands would flood the server. */
  #loadSerie(serialNumber: string): void {
    this.#serieQueue.push(serialNumber);
    this.#nextSeries();
  }

  #nextSeries(): void {
    while (this.#seriesLoading < SERIES_AT_ONCE && this.#serieQueue.length > 0) {
      const serialNumber = this.#serieQueue.shift()!;
      if (!this.#state.devices.has(serialNumber)) continue;
      this.#seriesLoading++;
      void this.options
        .fetchSerie(serialNumber)
        .catch(() => null)
        .then((serie) => {
          if (serie) this.#apply({ type: 'serie', serialNumber, serie });
          this.#seriesLoading--;
          this.#nextSeries();
        });
    }
  }

  #apply(event: HubEvent): void {
    if (event.type === 'reset') {
      this.#abandonTasks();
      this.#serieQueue = [];
    }
    const devices = hubReducer(this.#state.devices, event);
    if (devices !== this.#state.devices) this.#set({ devices });
  }

  #set(change: Partial<HubState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
