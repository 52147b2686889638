import { describe, expect, it } from 'vitest';
import { memoryStore } from '../lib/shared-store.ts';
import { AccountThrottle, FREE_FAILURES, MAX_WAIT_MS } from './account-throttle.ts';

function throttleAt(start = 0) {
  const clock = { now: start };
  const throttle = new AccountThrottle(
    memoryStore(() => clock.now),
    () => clock.now,
  );
  return { clock, throttle };
}

const unknownBrowser = (username: string) => ({ username, device: null });
const knownBrowser = (username: string, device: string) => ({ username, device });

describe('account throttle', () => {
  it('doubles the wait after each failure beyond the free ones, up to a ceiling', async () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(await throttle.waitMs(unknownBrowser('Ann'))).toBe(0);
      await throttle.failed(unknownBrowser('ann'));
    }
    expect(await throttle.waitMs(unknownBrowser('ANN '))).toBe(1000);
    clock.now = 1000;
    expect(await throttle.waitMs(unknownBrowser('ann'))).toBe(0);
    await throttle.failed(unknownBrowser('ann'));
    expect(await throttle.waitMs(unknownBrowser('ann'))).toBe(2000);
    for (let i = 0; i < 20; i++) await throttle.failed(unknownBrowser('ann'));
    expect(await throttle.waitMs(unknownBrowser('ann'))).toBe(MAX_WAIT_MS);
  });

  it('forgets failures an hour after the last one', async () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < FREE_FAILURES + 2; i++) await throttle.failed(unknownBrowser('bob'));
    expect(await throttle.waitMs(unknownBrowser('bob'))).toBe(4000);
    clock.now = 60 * 60_000 + 1;
    expect(await throttle.waitMs(unknownBrowser('bob'))).toBe(0);
  });

  it("does not hold a known browser back for the account's failures from unknown browsers", async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 20; i++) await throttle.failed(unknownBrowser('carol'));
    expect(await throttle.waitMs(unknownBrowser('carol'))).toBe(MAX_WAIT_MS);
    expect(await throttle.waitMs(knownBrowser('carol', 'nonce-of-carols-laptop'))).toBe(0);
  });

  it("counts a known browser's failures against that browser only", async () => {
    const { throttle } = throttleAt();
    const laptop = knownBrowser('dave', 'nonce-of-daves-laptop');
    for (let i = 0; i < FREE_FAILURES + 1; i++) await throttle.failed(laptop);
    expect(await throttle.waitMs(laptop)).toBe(2000);
    expect(await throttle.waitMs(knownBrowser('dave', 'nonce-of-daves-phone'))).toBe(0);
    expect(await throttle.waitMs(unknownBrowser('dave'))).toBe(0);
  });

  it('keeps apart a device count and an account whose name looks like its key', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < FREE_FAILURES; i++) await throttle.failed(unknownBrowser('device:abc'));
    expect(await throttle.waitMs(knownBrowser('eve', 'abc'))).toBe(0);
  });
});
