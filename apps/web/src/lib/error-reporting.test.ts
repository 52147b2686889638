import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import type { sentryEvent } from './error-reporting';
import { createErrorReporter, parseDsn } from './error-reporting';

describe('error reporting', () => {
  it('turns a DSN into the store endpoint', () => {
    expect(parseDsn('https://abc123@sentry.example.com/42')?.url).toBe(
      'https://sentry.example.com/api/42/store/?sentry_key=abc123&sentry_version=7&sentry_client=fleet-console%2F1',
    );
    expect(parseDsn('https://k@errors.example.com:8443/prefix/7')?.url).toMatch(
      /^https:\/\/errors\.example\.com:8443\/prefix\/api\/7\/store\/\?sentry_key=k&/,
    );
    expect(parseDsn('not a dsn')).toBeNull();
    expect(parseDsn('https://sentry.example.com/42')).toBeNull();
  });

  it('is off without a DSN', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    createErrorReporter(null, 'tool-equipment')(new Error('x'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts a Sentry event when a DSN is set', () => {
    const fetchSpy = vi.fn().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchSpy);
    const error = new ApiError(503, 'Service Unavailable', 'errors.api.status_503', null, {
      url: '/api/me',
      method: 'GET',
      payload: null,
    });
    createErrorReporter('https://key@sentry.example.com/1', 'tyre-pressure')(error);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toContain('https://sentry.example.com/api/1/store/');
    const event = JSON.parse(String(init.body)) as ReturnType<typeof sentryEvent>;
    expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event.level).toBe('error');
    expect(event.environment).toBe('tyre-pressure');
    expect(event.tags).toMatchObject({ status: '503', method: 'GET' });
  });
});
