import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  earlyAccessOffer,
  parseVersionNumber,
  planWaves,
  versionNumberSchema,
  waveFailurePercent,
  waveOutcome,
} from './versions.ts';

describe('version numbers', () => {
  it('reads major.minor.patch and a tag, and refuses the rest', () => {
    expect(parseVersionNumber('2.4.10')).toEqual({ major: 2, minor: 4, patch: 10, tag: null });
    expect(parseVersionNumber('3.0.0-beta.2')?.tag).toBe('beta.2');
    expect(parseVersionNumber('2.4')).toBeNull();
    expect(versionNumberSchema.safeParse('v2.4.1').success).toBe(false);
  });

  it('compares by number, a pre-release before its release', () => {
    expect(compareVersions('2.10.0', '2.9.9')).toBeGreaterThan(0);
    expect(compareVersions('3.0.0-beta.2', '3.0.0')).toBeLessThan(0);
    expect(compareVersions('3.0.0-beta.10', '3.0.0-beta.2')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('junk', '1.0.0')).toBeLessThan(0);
  });
});

describe('early access', () => {
  const versions = [
    { number: '2.5.0', availability: 'general' as const },
    { number: '2.6.0-rc.1', availability: 'early' as const },
    { number: '2.6.0', availability: 'early' as const },
    { number: '2.7.0', availability: 'withdrawn' as const },
  ];
  it('offers early-access devices the newest early version newer than theirs, and others nothing', () => {
    expect(earlyAccessOffer(versions, '2.5.0', true)?.number).toBe('2.6.0');
    expect(earlyAccessOffer(versions, '2.6.0', true)).toBeNull();
    expect(earlyAccessOffer(versions, null, true)?.number).toBe('2.6.0');
    expect(earlyAccessOffer(versions, '2.5.0', false)).toBeNull();
  });
});

describe('rollout waves', () => {
  const devices = Array.from({ length: 50 }, (_, index) => ({ id: index, early: index % 10 === 0 }));

  it('puts early-access devices first, then cumulative shares of the rest, each device once', () => {
    const waves = planWaves(devices, (device) => device.early, [5, 25, 100]);
    expect(waves.map((wave) => wave.length)).toEqual([5, 3, 9, 33]);
    expect(waves[0]!.every((device) => device.early)).toBe(true);
    expect(new Set(waves.flat().map((device) => device.id)).size).toBe(50);
  });

  it('leaves empty waves out and takes the remainder when the shares stop short', () => {
    const waves = planWaves(devices.slice(1, 4), () => false, [5, 50]);
    expect(waves.map((wave) => wave.length)).toEqual([1, 1, 1]);
  });

  it('goes on, waits or stops on the failure threshold', () => {
    expect(waveFailurePercent({ devices: 10, succeeded: 0, failed: 0 })).toBe(0);
    expect(waveOutcome({ devices: 10, succeeded: 4, failed: 0 }, 10, false)).toBe('waiting');
    expect(waveOutcome({ devices: 10, succeeded: 10, failed: 0 }, 10, false)).toBe('passed');
    expect(waveOutcome({ devices: 10, succeeded: 3, failed: 2 }, 10, false)).toBe('stop');
    // One failure among the first answers of a large wave is not yet a verdict.
    expect(waveOutcome({ devices: 40, succeeded: 1, failed: 1 }, 10, false)).toBe('waiting');
    expect(waveOutcome({ devices: 10, succeeded: 9, failed: 1 }, 10, false)).toBe('passed');
    expect(waveOutcome({ devices: 10, succeeded: 5, failed: 1 }, 10, true)).toBe('stop');
  });
});
