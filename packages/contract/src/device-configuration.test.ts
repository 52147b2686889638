import { describe, expect, it } from 'vitest';
import {
  CONFIGURATION_MAX_BYTES,
  configurationDifferences,
  configurationProblem,
  desiredConfigurationBodySchema,
  mergeConfiguration,
} from './device-configuration.ts';

describe('mergeConfiguration', () => {
  it('merges objects key by key and lets the override win elsewhere', () => {
    const group = { units: { pressure: 'bar', depth: 'mm' }, autoUpdate: true, languages: ['en', 'de'] };
    const own = { units: { pressure: 'psi' }, languages: ['fr'], screenTimeoutSeconds: 60 };
    expect(mergeConfiguration(group, own)).toEqual({
      units: { pressure: 'psi', depth: 'mm' },
      autoUpdate: true,
      languages: ['fr'],
      screenTimeoutSeconds: 60,
    });
    expect(group.units.pressure).toBe('bar');
  });

  it('replaces an object by a value and a value by an object', () => {
    expect(mergeConfiguration({ a: { b: 1 }, c: 2 }, { a: 3, c: { d: 4 } })).toEqual({ a: 3, c: { d: 4 } });
  });
});

describe('configurationDifferences', () => {
  const reported = { units: { pressure: 'bar', depth: 'mm' }, autoUpdate: true, languages: ['en', 'de'] };

  it('finds nothing when the device reports every desired setting', () => {
    expect(configurationDifferences(reported, { units: { pressure: 'bar' }, autoUpdate: true })).toEqual([]);
    expect(configurationDifferences(reported, {})).toEqual([]);
  });

  it('names each setting still to reach the device by its path', () => {
    expect(
      configurationDifferences(reported, {
        units: { pressure: 'psi', depth: 'mm' },
        screenTimeoutSeconds: 60,
        languages: ['en'],
      }),
    ).toEqual([
      { path: 'units.pressure', desired: 'psi', reported: 'bar' },
      { path: 'screenTimeoutSeconds', desired: 60, reported: undefined },
      { path: 'languages', desired: ['en'], reported: ['en', 'de'] },
    ]);
  });

  it('compares arrays and objects in arrays exactly, and everything against no report', () => {
    expect(configurationDifferences({ list: [{ a: 1 }] }, { list: [{ a: 1 }] })).toEqual([]);
    expect(configurationDifferences({ list: [{ a: 1, b: 2 }] }, { list: [{ a: 1 }] })).toHaveLength(1);
    expect(configurationDifferences(null, { a: { b: 1 } })).toEqual([
      { path: 'a', desired: { b: 1 }, reported: undefined },
    ]);
    expect(configurationDifferences({ a: 0 }, { a: false })).toHaveLength(1);
  });
});

describe('configurationProblem', () => {
  it('accepts an ordinary document', () => {
    expect(configurationProblem({ units: { pressure: 'bar' } })).toBeNull();
  });

  it('refuses one too large, too deep, or with a bad key, and the body schema says so', () => {
    expect(configurationProblem({ text: 'x'.repeat(CONFIGURATION_MAX_BYTES) })).toMatchObject({
      rule: 'size',
      message: expect.stringMatching(/bytes of JSON/),
    });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 8; level++) deep = { level: deep };
    expect(configurationProblem(deep)?.message).toMatch(/deeper than 8/);
    expect(configurationProblem({ a: { '': 1 } })).toMatchObject({
      rule: 'key',
      message: expect.stringMatching(/ in a$/),
    });
    const parsed = desiredConfigurationBodySchema.safeParse({ content: { a: [{ ['k'.repeat(101)]: 1 }] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/longer than 100 characters in a\[0\]/);
  });
});
