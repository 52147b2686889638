import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDeviceKey } from '@fleet/device-kit/device-keys';
import { PROFILES } from './behaviour.ts';
import { DeviceRunner } from './device.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that is unavailable (503, Retry-After: 5) until `backAt`, then answers every call. */
function serverDownUntil(backAt: () => number) {
  const calls: { at: number; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url).pathname;
      calls.push({ at: Date.now(), path });
      if (Date.now() < backAt())
        return Response.json(
          { status: 503, message: 'down' },
          { status: 503, headers: { 'retry-after': '5' } },
        );
      if (path === '/api/devices/heartbeat')
        return Response.json({ nextHeartbeatSeconds: 30, serverTime: new Date().toISOString() });
      if (path === '/api/devices/jobs') return Response.json({ id: 'job' }, { status: 201 });
      return Response.json({ offers: [] });
    }),
  );
  return calls;
}

describe('a simulated device while the server is unavailable', () => {
  it('asks again after Retry-After, then less and less often, and sends its kept jobs once back', async () => {
    vi.useFakeTimers({ now: 0 });
    const start = 0;
    let backAt = Number.POSITIVE_INFINITY;
    const calls = serverDownUntil(() => backAt);
    const device = new DeviceRunner(
      { serialNumber: 'SIM001', key: newDeviceKey().privateKey, version: '1.0.0', deviceType: 'TPMS-TOOL' },
      'http://server',
      { ...PROFILES.workshop!, onlineSeconds: [86_400, 86_400], startOnline: 1 },
      // Online at once; a job with the first beat; jitter in the middle.
      () => 0.05,
      { onHeartbeat: () => undefined, onPhase: () => undefined },
    );
    device.start();
    await vi.advanceTimersByTimeAsync(60_000);
    const beats = calls
      .filter((call) => call.path === '/api/devices/heartbeat')
      .map((call) => call.at - start);
    const gaps = beats.slice(1).map((at, index) => at - beats[index]!);
    // 5 s, 10 s, 20 s, then the usual 30 s (each with the same jitter).
    expect(gaps.slice(0, 4)).toEqual([5000, 10_000, 20_000, 30_000].map((ms) => ms * (0.85 + 0.05 * 0.3)));

    const jobsBefore = calls.filter((call) => call.path === '/api/devices/jobs').length;
    expect(jobsBefore).toBeGreaterThan(0);
    backAt = Date.now();
    await vi.advanceTimersByTimeAsync(40_000);
    const jobsAfter = calls.filter((call) => call.path === '/api/devices/jobs' && call.at >= backAt).length;
    // Every job refused during the outage is sent again once the server answers.
    expect(jobsAfter).toBeGreaterThanOrEqual(jobsBefore);
    device.stop();
  });
});
