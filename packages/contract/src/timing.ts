/** Spec §9 business constants shared by console and server. */
export const TIMING = {
  heartbeatRefreshMs: 30_000,
  seriesListReloadMs: 120_000,
  /** The first page of live jobs asks again this often: devices keep sending jobs. */
  liveJobsReloadMs: 30_000,
  versionCheckMs: 30 * 60_000,
  successMessageMs: 5_000,
  webcamWarningMs: 10_000,
  countdownSeconds: 5,
  softValidationCountdownSeconds: 3,
  toastMs: 5_000,
  /** A temporary banner of a screen (jobs spec §4, §9): 3 s. */
  bannerMs: 3_000,
  errorToastMs: 10_000,
  copyMessageMs: 2_000,
  readyIconMs: 5_000,
  buttonSpinnerDelayMs: 700,
  popoverDelayMs: 100,
  /** A drawer's content that loads lazily shows its loader after this long (jobs spec §9)… */
  lazyDrawerDelayMs: 100,
  /** …and says it could not be loaded after this long, with a way to try again. */
  lazyDrawerTimeoutMs: 3_000,
  chunkTimeoutMs: 120_000,
  silentRenewBeforeExpirySeconds: 10,
} as const;

/** Spec §8: a response body of 50 characters or fewer is appended in parentheses. */
export const ERROR_BODY_APPEND_LIMIT = 50;
