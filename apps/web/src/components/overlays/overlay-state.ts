/**
 * The dialog and toast hosts (Mantine's ModalsProvider and Notifications, with their transitions and
 * scroll lock) are not part of the first load: the shell loads them once the first screen is there, or
 * at once when a dialog is asked for. This is the meeting point between those who need them
 * (`whenOverlaysMounted`) and the shell that loads them (`ShellOverlays`).
 */
interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

let mounted = false;
let waiters: Waiter[] = [];
/** How many times the hosts were asked for: the shell tries again to load them at each new demand. */
let demands = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const overlayDemand = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: (): number => demands,
};

/** Resolves once the hosts listen (at once if they do); rejects if their chunk cannot be loaded now. */
export function whenOverlaysMounted(): Promise<void> {
  if (mounted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    waiters.push({ resolve, reject });
    demands += 1;
    notify();
  });
}

/** Called by the hosts once their event listeners are in place, and when they go. */
export function setOverlaysMounted(value: boolean): void {
  mounted = value;
  if (!value) return;
  const waiting = waiters;
  waiters = [];
  for (const waiter of waiting) waiter.resolve();
}

/** Their chunk did not arrive: whoever waits gives up (a dialog asked for is not opened later, unexpectedly). */
export function overlaysFailed(error: unknown): void {
  const waiting = waiters;
  waiters = [];
  for (const waiter of waiting) waiter.reject(error);
}
