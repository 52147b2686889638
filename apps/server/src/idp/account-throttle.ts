/** Failed sign-ins allowed back to back before the account's attempts are spaced out. */
export const FREE_FAILURES = 3;
/** The wait after the last failure doubles with each failure beyond the free ones, up to this. */
export const MAX_WAIT_MS = 5 * 60_000;
/** Failures older than this are forgotten. */
const WINDOW_MS = 60 * 60_000;
/** Accounts remembered at once; the oldest are forgotten first. */
const CAPACITY = 100_000;

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Spaces out sign-in attempts on one account, whichever addresses they come from: after a few
 * failures, each next attempt must wait twice as long as the one before. Unknown usernames are
 * counted like known ones, so the answers tell nothing about which accounts exist.
 */
export class AccountThrottle {
  readonly #failures = new Map<string, Failures>();

  constructor(private readonly now: () => number = Date.now) {}

  static key(username: string): string {
    return username.trim().toLowerCase();
  }

  /** How long this account must still wait before its next attempt is looked at; 0: now. */
  waitMs(username: string): number {
    const entry = this.#current(AccountThrottle.key(username));
    if (!entry || entry.count < FREE_FAILURES) return 0;
    const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** (entry.count - FREE_FAILURES));
    return Math.max(0, entry.lastAt + wait - this.now());
  }

  failed(username: string): void {
    const key = AccountThrottle.key(username);
    const entry = this.#current(key);
    this.#failures.delete(key);
    this.#failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: this.now() });
    if (this.#failures.size > CAPACITY) this.#failures.delete(this.#failures.keys().next().value!);
  }

  succeeded(username: string): void {
    this.#failures.delete(AccountThrottle.key(username));
  }

  #current(key: string): Failures | undefined {
    const entry = this.#failures.get(key);
    if (entry && this.now() - entry.lastAt > WINDOW_MS) {
      this.#failures.delete(key);
      return undefined;
    }
    return entry;
  }
}
