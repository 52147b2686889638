import type { SharedStore } from '../lib/shared-store.ts';

/** Failed sign-ins allowed back to back before the attempts are spaced out. */
export const FREE_FAILURES = 3;
/** The wait after the last failure doubles with each failure beyond the free ones, up to this. */
export const MAX_WAIT_MS = 5 * 60_000;
/** Failures older than this are forgotten. */
const WINDOW_MS = 60 * 60_000;

/**
 * One sign-in attempt: the username typed, and the nonce of this browser's device cookie when the
 * browser holds a valid one for that username (it signed in to the account before), else null.
 */
export interface Attempt {
  username: string;
  device: string | null;
}

/** How long to wait after `failures` failures, the last at `lastAt`; 0: now. */
export function waitAfter(failures: number, lastAt: number, now: number): number {
  if (failures < FREE_FAILURES) return 0;
  const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - FREE_FAILURES));
  return Math.max(0, lastAt + wait - now);
}

/**
 * Spaces out sign-in attempts (docs/decisions.md, "device cookies"): after a few failures, each next
 * attempt must wait twice as long as the one before. A browser that signed in to the account before
 * has an allowance of its own, so that a stranger's guesses never keep the user out of their own
 * browser; every other browser shares the account's allowance, whichever addresses and nodes the
 * attempts come from. Unknown usernames are counted like known ones, so the answers tell nothing about
 * which accounts exist. A success resets nothing: a new device cookie starts afresh, and the account's
 * count is forgotten an hour after its last failure. Counts live in the shared store.
 */
export class AccountThrottle {
  constructor(
    private readonly store: SharedStore,
    private readonly now: () => number = Date.now,
  ) {}

  static key(username: string): string {
    return username.trim().toLowerCase();
  }

  /** How long this attempt must still wait before it is looked at; 0: now. */
  async waitMs(attempt: Attempt): Promise<number> {
    const counter = counterOf(attempt);
    const [count, lastAt] = await Promise.all([
      this.store.get(counter.failures),
      this.store.get(counter.lastFailure),
    ]);
    if (lastAt === null) return 0;
    return waitAfter(Number(count ?? 0), Number(lastAt), this.now());
  }

  async failed(attempt: Attempt): Promise<void> {
    const counter = counterOf(attempt);
    await this.store.set(counter.lastFailure, String(this.now()), WINDOW_MS);
    await this.store.increment(counter.failures, WINDOW_MS, true);
  }
}

/** A known browser's failures count against its own cookie; all others against the account's. */
function counterOf({ username, device }: Attempt) {
  // Apart from the accounts' keys, so that no username can name a device's count.
  const prefix = device === null ? `sign-in:${AccountThrottle.key(username)}` : `sign-in-device:${device}`;
  return { failures: `${prefix}:failures`, lastFailure: `${prefix}:last-failure` };
}
