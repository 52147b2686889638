import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { ConnectionMonitor, type ProbeAnswer } from './connection-monitor';

const request = { url: '/api/Series/User', method: 'GET', payload: null };
const unreachable = () => new ApiError(null, '', 'errors.api.network', null, request);
const unavailable = () =>
  new ApiError(
    503,
    'Service Unavailable',
    'errors.api.status_503',
    { status: 503, message: 'down' },
    request,
  );
const refused = () => new ApiError(400, 'Bad Request', 'errors.api.status_400', null, request);

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

function monitorWith(probe: () => Promise<ProbeAnswer>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const monitor = new ConnectionMonitor(client, { probe });
  stop = monitor.start();
  return { client, monitor };
}

describe('connection monitor', () => {
  it('goes offline when the server cannot be reached, not when it refuses a call', () => {
    const { monitor } = monitorWith(async () => false);
    monitor.reportFailure(refused());
    expect(monitor.getState().offline).toBe(false);
    monitor.reportFailure(unreachable());
    expect(monitor.getState()).toMatchObject({ offline: true });
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('says when the server answers that it cannot serve (503), as long as its health says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answer: ProbeAnswer = 'unavailable';
    const { monitor } = monitorWith(async () => answer);
    monitor.reportFailure(unavailable());
    expect(monitor.getState()).toMatchObject({ offline: true, unavailable: true });
    answer = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(monitor.getState()).toMatchObject({ offline: true, unavailable: false });
    answer = 'unavailable';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(monitor.getState()).toMatchObject({ offline: true, unavailable: true });
    answer = true;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(monitor.getState()).toMatchObject({ offline: false, unavailable: false });
  });

  it('probes after 1 s, 2 s, then every 4 s in sight, and comes back online when the probe answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answers = false;
    const probe = vi.fn(async () => answers);
    const { monitor } = monitorWith(probe);
    monitor.reportFailure(unreachable());
    const since = Date.now();
    expect(monitor.getState().nextProbeAt).toBe(since + 1_000);

    await vi.advanceTimersByTimeAsync(999);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    for (const delay of [2_000, 4_000, 4_000, 4_000]) {
      expect(monitor.getState().nextProbeAt).toBe(Date.now() + delay);
      await vi.advanceTimersByTimeAsync(delay);
    }
    expect(probe).toHaveBeenCalledTimes(5);

    answers = true;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(probe).toHaveBeenCalledTimes(6);
    expect(monitor.getState()).toMatchObject({ offline: false, restoredAt: Date.now() });
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('probes less often while the page is hidden, and at once when it is shown again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const probe = vi.fn(async () => false);
    const { monitor } = monitorWith(probe);
    monitor.reportFailure(unreachable());
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(monitor.getState().nextProbeAt).toBe(Date.now() + 16_000);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(5);
    expect(monitor.getState().nextProbeAt).toBe(Date.now() + 4_000);
    visibility.mockRestore();
  });

  it('asks again, once the server answers, every shown query that failed', async () => {
    const { client, monitor } = monitorWith(async () => true);
    let fail = true;
    const queryFn = vi.fn(async () => {
      if (fail) throw unreachable();
      return 'fresh';
    });
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn, retry: false });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    expect(monitor.getState().offline).toBe(true);

    fail = false;
    await monitor.probeNow();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('fresh'));
    expect(monitor.getState().offline).toBe(false);
    unsubscribe();
  });

  it('is back online as soon as any call gets an answer', () => {
    const { monitor } = monitorWith(async () => false);
    monitor.reportFailure(unreachable());
    monitor.reportSuccess();
    expect(monitor.getState().offline).toBe(false);
  });
});
