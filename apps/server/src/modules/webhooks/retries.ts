/**
 * When a failed delivery is sent again (docs/notifications.md "Webhooks"): after 30 s, 2 min, 8 min,
 * 30 min, 2 h, then every 6 h, each ±10 % so that endpoints back from an outage are not all sent
 * to at once, and never later than 24 h after its first attempt: then it has failed.
 */
const DELAYS_MS = [30_000, 120_000, 480_000, 1_800_000, 7_200_000, 21_600_000];
const RETRY_WINDOW_MS = 24 * 3_600_000;
const JITTER = 0.1;

/** Deliveries in a row that ended failed, or a day of failed attempts, and the endpoint is turned off. */
export const DISABLE_AFTER_FAILED_DELIVERIES = 10;
export const DISABLE_AFTER_FAILING_MS = 24 * 3_600_000;

/** The next attempt after the `attempts`-th failed, or null when the retries are over. */
export function nextAttemptAt(
  attempts: number,
  firstAttemptAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const base = DELAYS_MS[Math.min(attempts, DELAYS_MS.length) - 1] ?? DELAYS_MS[0]!;
  const next = now.getTime() + Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  return next - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : new Date(next);
}
