import { canUseFeature } from './features.ts';
import { hasAnyRole } from './roles.ts';
import { STORE_ADDRESS_ROLES } from './store-addresses.ts';

export interface SeriesViewer {
  roles: readonly string[];
  /** Internal members see the whole fleet, and its internal values. */
  wholeFleet: boolean;
  disabledFeatures?: ReadonlySet<string>;
}

/**
 * Which parts of a device answer a viewer receives (spec §5 and §6). A part a viewer may not see is
 * left out of the answer altogether, not merely hidden by the console.
 */
export interface SeriesFieldVisibility {
  /** The device group and early access: internal values, like their filters. */
  internalValues: boolean;
  /** The store's postal address: the roles that edit or attach a store. */
  storeAddress: boolean;
  /** The device's users: holders of the users tab. */
  users: boolean;
  /** The accessories attached: holders of the components tab or of the accessories list. */
  accessories: boolean;
}

export function seriesFieldVisibility(viewer: SeriesViewer): SeriesFieldVisibility {
  const can = (feature: string) => canUseFeature(feature, viewer.roles, viewer.disabledFeatures);
  return {
    internalValues: viewer.wholeFleet,
    storeAddress: hasAnyRole(STORE_ADDRESS_ROLES, viewer.roles),
    users: can('SERIES.DETAILS.USERS'),
    accessories: can('SERIES.DETAILS.COMPONENTS') || can('SERIES.ACCESSORIES.LIST'),
  };
}
