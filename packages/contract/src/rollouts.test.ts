import { describe, expect, it } from 'vitest';
import {
  planWaves,
  rolloutActions,
  rolloutRequestSchema,
  waveFailurePercent,
  waveOutcome,
} from './rollouts.ts';

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
    // A large wave: one failure among its first answers waits; a sure verdict stops.
    expect(waveOutcome({ devices: 37, succeeded: 5, failed: 1 }, 10, false)).toBe('waiting');
    expect(waveOutcome({ devices: 37, succeeded: 10, failed: 4 }, 10, false)).toBe('stop');
    expect(waveOutcome({ devices: 37, succeeded: 17, failed: 2 }, 10, false)).toBe('stop');
    expect(waveOutcome({ devices: 37, succeeded: 16, failed: 2 }, 10, false)).toBe('waiting');
    // A small wave: one failure of three is over 10 % whatever the others do.
    expect(waveOutcome({ devices: 3, succeeded: 0, failed: 1 }, 10, false)).toBe('stop');
  });
});

describe('rollout requests', () => {
  it('fills the defaults and refuses waves that do not grow', () => {
    const request = rolloutRequestSchema.parse({ deviceType: 'tpms-tool', version: '6.1.0' });
    expect(request).toMatchObject({
      deviceType: 'TPMS-TOOL',
      wavePercents: [5, 25, 100],
      failureThresholdPercent: 10,
      waveWindowMinutes: 1440,
      filter: {},
    });
    const bad = rolloutRequestSchema.safeParse({ deviceType: 'X', version: '1.0.0', wavePercents: [50, 20] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['wavePercents']);
  });

  it('lets a person pause, resume and cancel only what still runs', () => {
    expect(rolloutActions('running')).toEqual(['pause', 'cancel']);
    expect(rolloutActions('paused')).toEqual(['resume', 'cancel']);
    expect(rolloutActions('stopped')).toEqual([]);
    expect(rolloutActions('done')).toEqual([]);
  });
});
