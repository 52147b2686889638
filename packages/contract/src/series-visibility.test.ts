import { describe, expect, it } from 'vitest';
import { mayExportExtraData, seriesFieldVisibility } from './series-visibility.ts';

describe('series field visibility', () => {
  it('shows internal values to internal members only', () => {
    expect(seriesFieldVisibility({ roles: ['devops-user'], wholeFleet: true }).internalValues).toBe(true);
    expect(
      seriesFieldVisibility({ roles: ['customer-engineering-manager'], wholeFleet: false }).internalValues,
    ).toBe(false);
  });

  it('shows the store address to the roles of spec §6 only', () => {
    expect(seriesFieldVisibility({ roles: ['support-config'], wholeFleet: true }).storeAddress).toBe(true);
    expect(
      seriesFieldVisibility({ roles: ['customer-engineering-manager'], wholeFleet: false }).storeAddress,
    ).toBe(true);
    expect(seriesFieldVisibility({ roles: ['business'], wholeFleet: true }).storeAddress).toBe(false);
    expect(
      seriesFieldVisibility({ roles: ['customer-engineering-user'], wholeFleet: false }).storeAddress,
    ).toBe(false);
  });

  it('leaves out users and accessories for those without their tabs, and when the tabs are switched off', () => {
    expect(seriesFieldVisibility({ roles: ['location-viewer'], wholeFleet: false })).toMatchObject({
      users: false,
      accessories: false,
    });
    expect(
      seriesFieldVisibility({
        roles: ['administrator'],
        wholeFleet: true,
        disabledFeatures: new Set(['SERIES.DETAILS.USERS']),
      }).users,
    ).toBe(false);
  });

  it('lets an export add a part of a device only for those who see that part', () => {
    const admin = seriesFieldVisibility({ roles: ['administrator'], wholeFleet: true });
    expect(mayExportExtraData(admin, 'serieUsers')).toBe(true);
    expect(mayExportExtraData(admin, 'components')).toBe(true);
    const withoutComponents = seriesFieldVisibility({
      roles: ['administrator'],
      wholeFleet: true,
      disabledFeatures: new Set(['SERIES.DETAILS.COMPONENTS']),
    });
    expect(mayExportExtraData(withoutComponents, 'components')).toBe(false);
    // The accessories list still shows them.
    expect(mayExportExtraData(withoutComponents, 'accessories')).toBe(true);
    expect(
      mayExportExtraData(
        seriesFieldVisibility({ roles: ['location-viewer'], wholeFleet: false }),
        'serieUsers',
      ),
    ).toBe(false);
  });
});
