import { APP_VERSION } from '@fleet/contract';
import { ApiError } from './api';
import { currentUser } from './current-user';

export interface SentryTarget {
  /** The store endpoint, with the public key as query parameters (no custom header, so no CORS preflight). */
  url: string;
}

/** `https://<key>@<host>[/<path>]/<project>` -> the project's store endpoint. */
export function parseDsn(dsn: string): SentryTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(dsn);
  } catch {
    return null;
  }
  const segments = parsed.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!parsed.username || !project) return null;
  const prefix = segments.length > 0 ? `/${segments.join('/')}` : '';
  const query = new URLSearchParams({
    sentry_key: parsed.username,
    sentry_version: '7',
    sentry_client: 'fleet-console/1',
  });
  return { url: `${parsed.protocol}//${parsed.host}${prefix}/api/${project}/store/?${query}` };
}

function eventId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** A Sentry store event (protocol version 7). */
export function sentryEvent(error: unknown, variant: string, now = new Date()) {
  const api = error instanceof ApiError ? error : null;
  const user = currentUser();
  return {
    event_id: eventId(),
    timestamp: now.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'fleet-console',
    release: APP_VERSION,
    environment: variant,
    message: { formatted: error instanceof Error ? error.message : String(error) },
    exception: {
      values: [
        {
          type: error instanceof Error ? error.name : 'Error',
          value: error instanceof Error ? error.message : String(error),
        },
      ],
    },
    tags: { variant, ...(api ? { status: String(api.status), method: api.request.method } : {}) },
    user: user ? { id: user.sub, username: user.name } : undefined,
    request: { url: window.location.href, headers: { 'User-Agent': navigator.userAgent } },
    extra: api
      ? { url: api.request.url, statusText: api.statusText, serviceMessage: api.serviceMessage }
      : {},
  };
}

export type ErrorReporter = (error: unknown) => void;

/** Reports to a Sentry-compatible service; reporting is off when no DSN is configured. */
export function createErrorReporter(dsn: string | null, variant: string): ErrorReporter {
  const target = dsn ? parseDsn(dsn) : null;
  if (!target) return () => {};
  return (error) => {
    // Reporting must never raise a second error.
    fetch(target.url, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(sentryEvent(error, variant)),
    }).catch(() => {});
  };
}

let reporter: ErrorReporter = () => {};

/** Called once at start with the DSN from appsettings (null turns reporting off). */
export function startErrorReporting(dsn: string | null, variant: string): void {
  reporter = createErrorReporter(dsn, variant);
}

export function reportError(error: unknown): void {
  reporter(error);
}
