import { describe, expect, it } from 'vitest';
import { demoRoster } from './roster.ts';
import { PROFILES, nextPhase } from './behaviour.ts';

describe('simulator roster', () => {
  it('picks activated devices of the seed, with distinct keys', () => {
    const roster = demoRoster(20250801, 20, 2000);
    expect(roster).toHaveLength(20);
    expect(new Set(roster.map((d) => d.serialNumber)).size).toBe(20);
    expect(new Set(roster.map((d) => d.key)).size).toBe(20);
    expect(demoRoster(20250801, 20, 2000)).toEqual(roster);
  });

  it('alternates online sessions and outages within the profile bounds', () => {
    let phase = nextPhase(null, PROFILES.fast!, () => 0.1, 0);
    expect(phase.online).toBe(true);
    const next = nextPhase(phase, PROFILES.fast!, () => 0.5, phase.untilMs);
    expect(next.online).toBe(false);
    expect(next.untilMs - phase.untilMs).toBe(14_000);
    phase = nextPhase(null, PROFILES.fast!, () => 0.9, 0);
    expect(phase.online).toBe(false);
  });
});
