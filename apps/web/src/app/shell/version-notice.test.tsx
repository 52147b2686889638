import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERSION_URL } from '../../lib/version-check';
import { stubFetch } from '../../testing/fetch-stub';
import { requestsTo } from '../../testing/render-route';
import { renderWithProviders } from '../../testing/providers';
import { VersionNotice } from './version-notice';

afterEach(() => vi.useRealTimers());

describe('the version check', () => {
  it('asks for the deployed version every 30 minutes and announces a new one', async () => {
    let deployed = '25.08.00';
    const fetchSpy = stubFetch({
      [`GET ${VERSION_URL}`]: () => ({ body: { version: deployed, build: 'b' } }),
    });
    const checks = () => requestsTo(fetchSpy, 'GET', VERSION_URL).length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderWithProviders(<VersionNotice />);
    // The version this page runs, then the one deployed.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(checks()).toBe(2);

    deployed = '25.08.01';
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000 - 1));
    expect(checks()).toBe(2);
    expect(screen.queryByText('New version available')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(checks()).toBe(3);
    // The answer goes through the query's own timers (its notifications to the screen).
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('New version available')).toBeVisible();
    expect(
      screen.getByText('Version 25.08.01 has been installed. Refresh the page to use it.'),
    ).toBeVisible();
  });
});
