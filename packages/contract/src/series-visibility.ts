import { canUseFeature, type FeatureCode } from './features.ts';
import { hasAnyRole } from './roles.ts';
import type { SeriesExtraData } from './series.ts';
import { STORE_ADDRESS_ROLES } from './store-addresses.ts';

export interface SeriesViewer {
  roles: readonly string[];
  /** Internal members see the whole fleet, and its internal values. */
  wholeFleet: boolean;
  disabledFeatures?: ReadonlySet<string>;
}

/** The parts of a device its tabs show, each for the holders of its feature. */
export interface SeriesPartsVisibility {
  /** The device's users: holders of the users tab. */
  users: boolean;
  /** The accessories attached: holders of the components tab or of the accessories list. */
  accessories: boolean;
  /** The device's components: holders of the components tab. */
  components: boolean;
}

/**
 * Which parts of a device answer a viewer receives (spec §5 and §6). A part a viewer may not see is
 * left out of the answer altogether, not merely hidden by the console.
 */
export interface SeriesFieldVisibility extends SeriesPartsVisibility {
  /** The device group and early access: internal values, like their filters. */
  internalValues: boolean;
  /** The store's postal address: the roles that edit or attach a store. */
  storeAddress: boolean;
}

/** The parts of a device a viewer sees, by the features `can` says they may use (the console's own check). */
export function seriesPartsVisibility(can: (feature: FeatureCode) => boolean): SeriesPartsVisibility {
  return {
    users: can('SERIES.DETAILS.USERS'),
    accessories: can('SERIES.DETAILS.COMPONENTS') || can('SERIES.ACCESSORIES.LIST'),
    components: can('SERIES.DETAILS.COMPONENTS'),
  };
}

export function seriesFieldVisibility(viewer: SeriesViewer): SeriesFieldVisibility {
  return {
    internalValues: viewer.wholeFleet,
    storeAddress: hasAnyRole(STORE_ADDRESS_ROLES, viewer.roles),
    ...seriesPartsVisibility((feature) => canUseFeature(feature, viewer.roles, viewer.disabledFeatures)),
  };
}

const EXTRA_DATA_PART: Record<SeriesExtraData, keyof SeriesPartsVisibility> = {
  serieUsers: 'users',
  components: 'components',
  accessories: 'accessories',
};

/** Whether a devices export may add this extra data for a viewer who sees these parts of a device. */
export function mayExportExtraData(visibility: SeriesPartsVisibility, extra: SeriesExtraData): boolean {
  return visibility[EXTRA_DATA_PART[extra]];
}
