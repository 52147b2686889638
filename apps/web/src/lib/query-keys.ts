/**
 * The first part of the keys of reads that more than one area changes: a change names the reads it makes
 * stale by these (a certificate registered reloads the device's page and the lists' badges).
 */
export const SERIES_LIST_KEY = ['series-list'] as const;
export const SERIES_DETAIL_KEY = ['series-detail'] as const;
export const ACCESSORIES_KEY = ['accessories'] as const;
export const DEVICE_CERTIFICATES_KEY = ['device-certificates'] as const;
export const CERTIFICATE_VALIDITY_KEY = ['certificate-validity'] as const;
/** The notifications' reads: the bell's summary and the page's lists, reloaded when the hub says so. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
