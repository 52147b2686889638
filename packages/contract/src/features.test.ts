import { describe, expect, it } from 'vitest';
import {
  FEATURE_CATALOGUE,
  FEATURE_CODES,
  InvalidFeatureDefinition,
  buildFeatureCatalogue,
  canUseFeature,
  isFeatureEnabled,
  usableFeatures,
} from './features.ts';
import { hasAnyRole, seesWholeFleet, ROLE_CODES } from './roles.ts';

describe('feature tree', () => {
  it('holds every dotted code of the spec', () => {
    for (const code of [
      'SERIES.LIST',
      'SERIES.ACCESSORIES.DETAILS',
      'SERIES.DETAILS.GEOLOCATIONS',
      'USER.SPACE',
      'DASHBOARD.EDIT',
      'VINDB.BATTERY.CREATE',
      'SHOPPING.MANAGE.ORDERS.ADDRESSES',
      'SHIPMENT_PROVIDERS.MANAGE_GLOBAL',
      'ACCOUNTING_MANAGE.CUSTOMS_DECLARATION',
      'STATISTICS.ESAT',
      'CONNECTED_DEVICES',
      'DEVICES_SUPPORT',
      'TASKS',
      'JOBS.LIST.ASSOCIATIONS',
    ]) {
      expect(FEATURE_CODES).toContain(code);
    }
  });

  it('gives a child its nearest parent roles when it has none of its own', () => {
    expect(FEATURE_CATALOGUE.get('RIGHTS.USERS')?.roles).toEqual(FEATURE_CATALOGUE.get('RIGHTS')?.roles);
    expect(FEATURE_CATALOGUE.get('SHOPPING.MANAGE.CATEGORIES')?.roles).toEqual(
      FEATURE_CATALOGUE.get('SHOPPING')?.roles,
    );
    expect(FEATURE_CATALOGUE.get('SHOPPING.MANAGE.ORDERS.ADDRESSES')?.roles).toEqual([
      'old-administrator',
      'administrator',
      'support-manager',
    ]);
  });

  it('follows the known mappings of spec §6', () => {
    expect(canUseFeature('RIGHTS', ['support-user'])).toBe(true);
    expect(canUseFeature('RIGHTS', ['factory-manager'])).toBe(false);
    expect(canUseFeature('TRANSLATION', ['old-super-user'])).toBe(false);
    expect(canUseFeature('TRANSLATION.LIST', ['administrator'])).toBe(true);
    expect(canUseFeature('VERSIONS.UPLOAD', ['devops-manager'])).toBe(true);
    expect(canUseFeature('VERSIONS.UPLOAD', ['devops-user'])).toBe(false);
    expect(canUseFeature('ACCOUNTING_MANAGE.ACCOUNTS', ['accounting'])).toBe(true);
    expect(canUseFeature('STATISTICS', ['esat-stat-viewer'])).toBe(true);
    expect(canUseFeature('CONNECTED_DEVICES', ['support-user'])).toBe(false);
    expect(canUseFeature('TASKS', ['support-user'])).toBe(true);
    expect(canUseFeature('SERVICES', ['customer-engineering-user'])).toBe(true);
    expect(canUseFeature('STORES', ['location-viewer'])).toBe(true);
    expect(canUseFeature('JOBS.LIST.ASSOCIATIONS', ['old-super-user'])).toBe(false);
  });

  it('lets a location viewer reach a device page for its geolocations, and nothing else of it', () => {
    const viewer = ['location-viewer'];
    for (const code of ['SERIES.LIST', 'SERIES.DETAILS', 'SERIES.DETAILS.GEOLOCATIONS'])
      expect(canUseFeature(code, viewer), code).toBe(true);
    for (const code of [
      'SERIES.DETAILS.USERS',
      'SERIES.DETAILS.JOBS',
      'SERIES.DETAILS.COMPONENTS',
      'SERIES.DETAILS.CONNECTIONS',
      'SERIES.DETAILS.UPDATES',
      'SERIES.DETAILS.CERTIFICATES',
      'SERIES.ACCESSORIES.LIST',
    ])
      expect(canUseFeature(code, viewer), code).toBe(false);
  });

  it('lets every signed-in user reach the user space', () => {
    for (const role of ROLE_CODES) expect(canUseFeature('USER.SPACE', [role])).toBe(true);
    expect(canUseFeature('USER.SPACE', [])).toBe(true);
  });

  it('disables a feature with its descendants', () => {
    const disabled = new Set(['SERIES.DETAILS']);
    expect(isFeatureEnabled('SERIES.DETAILS.USERS', disabled)).toBe(false);
    expect(isFeatureEnabled('SERIES.LIST', disabled)).toBe(true);
    expect(canUseFeature('SERIES.DETAILS.USERS', ['administrator'], disabled)).toBe(false);
    expect(usableFeatures(['administrator'], disabled)).not.toContain('SERIES.DETAILS');
  });

  it('throws on an unknown feature', () => {
    expect(() => canUseFeature('NOPE', ['administrator'])).toThrow(InvalidFeatureDefinition);
  });

  it('throws on invalid definitions', () => {
    expect(() => buildFeatureCatalogue({ A: { roles: ['no-such-role'] } })).toThrow(/unknown role/);
    expect(() => buildFeatureCatalogue({ A: {} })).toThrow(/top-level/);
    expect(() => buildFeatureCatalogue({ a: { roles: [] } })).toThrow(/invalid feature name/);
    expect(() => buildFeatureCatalogue({ A: { roles: [], extra: 1 } })).toThrow(/unknown keys/);
    expect(() => buildFeatureCatalogue({ A: { roles: 'administrator' } })).toThrow(/must be a list/);
    expect(() => buildFeatureCatalogue({ A: { roles: [], children: [] } })).toThrow(
      /children must be an object/,
    );
  });
});

describe('role check', () => {
  it('allows an empty or missing requirement', () => {
    expect(hasAnyRole(undefined, [])).toBe(true);
    expect(hasAnyRole([], ['business'])).toBe(true);
  });
  it('needs at least one listed role', () => {
    expect(hasAnyRole(['administrator', 'business'], ['business'])).toBe(true);
    expect(hasAnyRole(['administrator'], ['business'])).toBe(false);
    expect(hasAnyRole(['administrator'], [])).toBe(false);
  });
  it('scopes customers and partners to their company', () => {
    expect(seesWholeFleet(['support-user'])).toBe(true);
    expect(seesWholeFleet(['customer-engineering-user'])).toBe(false);
    expect(seesWholeFleet(['series-user', 'external-calibrator'])).toBe(false);
    expect(seesWholeFleet(['series-user', 'factory-user'])).toBe(true);
  });
});
