/**
 * How the console copes with a server that does not answer: calls are retried with a growing delay,
 * and while the server is out of reach a light probe (GET /api/health) asks again, also with a growing
 * delay, until it answers; then everything that failed is asked again.
 */
export const CONNECTION = {
  /** Attempts after the first one for a failing read. */
  queryRetries: 3,
  retryFirstDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  probeFirstDelayMs: 1_000,
  /** While the page is in sight: the console is usable again within 5 s of the server's return. */
  probeMaxDelayMs: 4_000,
  /** While the page is hidden (another tab, a minimised window): it probes at once when shown again. */
  probeHiddenMaxDelayMs: 30_000,
  /** Path of the probe, below the API base. */
  probePath: '/health',
} as const;

/** The delay before attempt `attempt` (0 for the first retry): doubling from `firstMs`, at most `maxMs`. */
export function backoffDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt));
}

/**
 * Whether a failed call means the server is out of reach rather than refusing this one call: no
 * answer at all (null), or a gateway or the server saying it cannot serve now (502, 503, 504).
 */
export function meansUnreachable(status: number | null): boolean {
  return status === null || status === 502 || status === 503 || status === 504;
}
