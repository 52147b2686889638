import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  earlyAccessOffer,
  newestInstallable,
  parseVersionNumber,
  versionNumberSchema,
} from './versions.ts';

describe('version numbers', () => {
  it('reads major.minor.patch and a tag, and refuses the rest', () => {
    expect(parseVersionNumber('2.4.10')).toEqual({ major: 2, minor: 4, patch: 10, tag: null });
    expect(parseVersionNumber('3.0.0-beta.2')?.tag).toBe('beta.2');
    expect(parseVersionNumber('2025.07')).toEqual({ major: 2025, minor: 7, patch: 0, tag: null });
    expect(parseVersionNumber('2')).toBeNull();
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
  it('lets a technician install the newest general version, early ones too on early-access devices, never a withdrawn one', () => {
    expect(newestInstallable(versions, '2.4.0', false)?.number).toBe('2.5.0');
    expect(newestInstallable(versions, '2.5.0', false)).toBeNull();
    expect(newestInstallable(versions, '2.5.0', true)?.number).toBe('2.6.0');
    expect(newestInstallable(versions, '2.6.0', true)).toBeNull();
  });
});
