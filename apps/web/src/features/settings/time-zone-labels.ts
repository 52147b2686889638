import { formatGmtOffset, gmtOffsetMinutes, TIME_ZONE_POINTS } from '@fleet/contract';

/** `America/Argentina/Buenos_Aires` -> `America/Argentina/Buenos Aires`. */
function readableZone(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** Hover text of a map point and option text of the list: zone name and GMT offset. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  return `${readableZone(zone)} (${formatGmtOffset(gmtOffsetMinutes(zone, at))})`;
}

/** Every zone the browser knows, plus the map's and UTC, sorted. */
export function allTimeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...TIME_ZONE_POINTS.map((point) => point.name)])].sort();
}
