import type { locationSchema } from '@fleet/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type DeviceLocation = z.infer<typeof locationSchema>;

/** Coordinates to five decimals (about a metre), in the reader's number format. */
export function coordinatesText(location: DeviceLocation, locale: string): string {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  return `${format.format(location.latitude)}, ${format.format(location.longitude)}`;
}

export function accuracyText(location: DeviceLocation, t: TFunction): string {
  return location.accuracyMeters === null
    ? t('series.detail.geolocations.accuracy_unknown')
    : t('series.detail.geolocations.accuracy_meters', { meters: location.accuracyMeters });
}

/**
 * The lines of a mark's tooltip on the map: a position's date, place and accuracy, or how many close
 * positions a group holds and over which dates. `members` are indexes in `locations`, newest first.
 */
export function markLines(
  members: readonly number[],
  locations: readonly DeviceLocation[],
  t: TFunction,
  formatDate: (value: string) => string,
  locale: string,
): string[] {
  const newest = locations[members[0]!]!;
  const newestOfAll = members[0] === 0;
  if (members.length === 1) {
    return [
      ...(newestOfAll ? [t('series.detail.geolocations.newest_tag')] : []),
      formatDate(newest.reportedAt),
      coordinatesText(newest, locale),
      accuracyText(newest, t),
    ];
  }
  const [from, to] = [
    formatDate(locations[members[members.length - 1]!]!.reportedAt),
    formatDate(newest.reportedAt),
  ];
  return [
    t('series.detail.geolocations.cluster', { count: members.length }),
    ...(newestOfAll ? [t('series.detail.geolocations.cluster_newest')] : []),
    from === to ? to : `${from} – ${to}`,
    t('series.detail.geolocations.cluster_hint'),
  ];
}
