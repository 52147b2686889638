import { backoffDelay, CONNECTION, meansUnreachable } from '@fleet/contract';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from './api';

export interface ConnectionState {
  /** The server does not answer: what is shown was loaded earlier. */
  offline: boolean;
  /** Offline because the server answers that it cannot serve for now (503: its database, say). */
  unavailable: boolean;
  /** When the server was first found out of reach (ms since the epoch); null while it answers. */
  since: number | null;
  /** When the next probe goes out while offline; null while a probe is under way or online. */
  nextProbeAt: number | null;
  /** When the server answered again after an outage; null before any outage. */
  restoredAt: number | null;
}

const ONLINE: ConnectionState = {
  offline: false,
  unavailable: false,
  since: null,
  nextProbeAt: null,
  restoredAt: null,
};

/** What the health probe found: an answer, an answer saying the service is unavailable, or none. */
export type ProbeAnswer = boolean | 'unavailable';
const PROBE_TIMEOUT_MS = 5_000;

/** GET /api/health: anything but a 2xx answer, or no answer within 5 s, is still out of reach. */
export async function probeHealth(): Promise<ProbeAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}${CONNECTION.probePath}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    return response.ok || (response.status === 503 ? 'unavailable' : false);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a failed call says the server is out of reach (not that it refused this one call). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && meansUnreachable(error.status);
}

interface MonitorOptions {
  probe?: () => Promise<ProbeAnswer>;
  now?: () => number;
}

/**
 * Knows whether the server answers, for the whole console. A call that finds it out of reach turns
 * it offline: reads pause instead of failing one after the other (their data stays on screen), and a
 * light probe (GET /api/health) asks again after 1 s, 2 s, then every 4 s while the page is in sight (every
 * 30 s at most while it is hidden, and at once when it is shown again). As soon as the probe or any
 * call gets an answer, reads go on and every query that failed is asked again.
 */
export class ConnectionMonitor {
  #state: ConnectionState = ONLINE;
  readonly #listeners = new Set<() => void>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #attempt = 0;
  #probing: Promise<void> | null = null;
  readonly #probe: () => Promise<ProbeAnswer>;
  readonly #now: () => number;

  constructor(
    private readonly client: QueryClient,
    options: MonitorOptions = {},
  ) {
    this.#probe = options.probe ?? probeHealth;
    this.#now = options.now ?? Date.now;
  }

  getState = (): ConnectionState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(next: ConnectionState) {
    this.#state = next;
    for (const listener of this.#listeners) listener();
  }

  /** A call failed: out of reach means offline; any other failure is the call's own business. */
  reportFailure(error: unknown): void {
    if (!isUnreachable(error)) return;
    const unavailable = (error as ApiError).status === 503;
    if (this.#state.offline) {
      if (unavailable !== this.#state.unavailable) this.#set({ ...this.#state, unavailable });
      return;
    }
    this.#attempt = 0;
    this.#set({
      offline: true,
      unavailable,
      since: this.#now(),
      nextProbeAt: null,
      restoredAt: this.#state.restoredAt,
    });
    onlineManager.setOnline(false);
    this.#schedule();
  }

  /** A call got an answer: the server is back, if it was away. */
  reportSuccess(): void {
    if (this.#state.offline) this.#restore();
  }

  /** Asks the server now (the banner's Retry, the window getting the focus back). */
  probeNow(): Promise<void> {
    if (!this.#state.offline) return Promise.resolve();
    this.#clearTimer();
    this.#probing ??= this.#runProbe().finally(() => {
      this.#probing = null;
    });
    return this.#probing;
  }

  async #runProbe(): Promise<void> {
    this.#set({ ...this.#state, nextProbeAt: null });
    const answered = await this.#probe().catch(() => false as const);
    if (!this.#state.offline) return;
    if (answered === true) this.#restore();
    else {
      this.#set({ ...this.#state, unavailable: answered === 'unavailable' });
      this.#attempt += 1;
      this.#schedule();
    }
  }

  #schedule() {
    this.#clearTimer();
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const max = hidden ? CONNECTION.probeHiddenMaxDelayMs : CONNECTION.probeMaxDelayMs;
    const delay = backoffDelay(this.#attempt, CONNECTION.probeFirstDelayMs, max);
    this.#set({ ...this.#state, nextProbeAt: this.#now() + delay });
    this.#timer = setTimeout(() => void this.probeNow(), delay);
  }

  #clearTimer() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #restore() {
    this.#clearTimer();
    this.#attempt = 0;
    this.#set({ ...ONLINE, restoredAt: this.#now() });
    // Paused reads go on by themselves; those that had failed before are asked again here.
    onlineManager.setOnline(true);
    void this.client.refetchQueries(
      { type: 'active', predicate: (query) => query.state.status === 'error' },
      { cancelRefetch: false },
    );
  }

  /** Listens to every call of the client, and to the window coming back; returns the way to stop. */
  start(): () => void {
    const stopQueries = this.client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if (action.type === 'failed' || action.type === 'error') this.reportFailure(action.error);
      // Data put in the cache by the console itself (`setQueryData`) says nothing of the server.
      else if (action.type === 'success' && !action.manual) this.reportSuccess();
    });
    const stopMutations = this.client.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if (action.type === 'error') this.reportFailure(action.error);
      else if (action.type === 'success') this.reportSuccess();
    });
    const again = () => {
      if (document.visibilityState !== 'hidden') void this.probeNow();
    };
    window.addEventListener('focus', again);
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      stopQueries();
      stopMutations();
      window.removeEventListener('focus', again);
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
      this.#clearTimer();
      if (this.#state.offline) onlineManager.setOnline(true);
      this.#set(ONLINE);
    };
  }
}

const monitors = new WeakMap<QueryClient, ConnectionMonitor>();

/** The one monitor of a query client. */
export function connectionMonitorOf(client: QueryClient): ConnectionMonitor {
  let monitor = monitors.get(client);
  if (!monitor) {
    monitor = new ConnectionMonitor(client);
    monitors.set(client, monitor);
  }
  return monitor;
}
