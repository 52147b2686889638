import type { SharedStore } from '../lib/shared-store.ts';

/** Failed sign-ins allowed back to back before the account's attempts are spaced out. */
export const FREE_FAILURES = 3;
/** The wait after the last failure doubles with each failure beyond the free ones, up to this. */
export const MAX_WAIT_MS = 5 * 60_000;
/** Failures older than this are forgotten. */
const WINDOW_MS = 60 * 60_000;

/**
 * Spaces out sign-in attempts on one account, whichever addresses and nodes they come from: after a
 * few failures, each next attempt must wait twice as long as the one before. Unknown usernames are
 * counted like known ones, so the answers tell nothing about which accounts exist. The count and the
 * last failure's time live in the shared store, forgotten an hour after the last failure.
 */
export class AccountThrottle {
  constructor(
    private readonly store: SharedStore,
    private readonly now: () => number = Date.now,
  ) {}

  static key(username: string): string {
    return username.trim().toLowerCase();
  }

  /** How long this account must still wait before its next attempt is looked at; 0: now. */
  async waitMs(username: string): Promise<number> {
    const key = AccountThrottle.key(username);
    const [count, lastAt] = await Promise.all([this.store.get(countKey(key)), this.store.get(lastKey(key))]);
    const failures = Number(count ?? 0);
    if (failures < FREE_FAILURES || lastAt === null) return 0;
    const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - FREE_FAILURES));
    return Math.max(0, Number(lastAt) + wait - this.now());
  }

  async failed(username: string): Promise<void> {
    const key = AccountThrottle.key(username);
    await this.store.set(lastKey(key), String(this.now()), WINDOW_MS);
    await this.store.increment(countKey(key), WINDOW_MS, true);
  }

  async succeeded(username: string): Promise<void> {
    const key = AccountThrottle.key(username);
    await this.store.delete(countKey(key), lastKey(key));
  }
}

const countKey = (account: string) => `sign-in:${account}:failures`;
const lastKey = (account: string) => `sign-in:${account}:last-failure`;
