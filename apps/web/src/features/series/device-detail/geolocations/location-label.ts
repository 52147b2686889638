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
