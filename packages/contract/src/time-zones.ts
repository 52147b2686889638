export interface TimeZonePoint {
  name: string;
  long: number;
  lat: number;
}

/** Spec §3: left = (180 + long) / 360 and top = (90 - lat) / 180, as percentages of the map. */
export function mapPosition(point: Pick<TimeZonePoint, 'long' | 'lat'>): { left: number; top: number } {
  const long = Math.min(180, Math.max(-180, point.long));
  const lat = Math.min(90, Math.max(-90, point.lat));
  return { left: ((180 + long) / 360) * 100, top: ((90 - lat) / 180) * 100 };
}

/** A zone's offset from GMT in minutes at a given instant (summer time included). */
export function gmtOffsetMinutes(zone: string, at: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** `GMT+05:30`, `GMT-03:00`, `GMT+00:00`. */
export function formatGmtOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `GMT${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Spec §9: the browser's guess, or UTC when nothing can be guessed. */
export function guessTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}
