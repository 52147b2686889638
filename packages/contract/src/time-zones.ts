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

/** One formatter per zone: making one costs far more than using it. Bounded: the server reads zones users send. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const WALL_CLOCKS_KEPT = 1_000;

function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.clear();
    wallClocks.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, written as if it were UTC (ms), to the second. */
function wallClock(zone: string, at: number): number {
  const parts = wallClockFormat(zone).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** A zone's offset from GMT in minutes at a given instant (summer time included). */
export function gmtOffsetMinutes(zone: string, at: Date = new Date()): number {
  return Math.round((wallClock(zone, at.getTime()) - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

const DAY_MS = 86_400_000;

/**
 * The first instant of a local date (`YYYY-MM-DD`) in a zone. Usually its midnight; where the clocks
 * go forward at midnight (Havana, Santiago, the Azores...) midnight does not exist there and the day
 * starts when the clocks change; where they go back over midnight, the earlier of the two midnights.
 */
export function localDayStart(zone: string, date: string): Date {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  const offsets = new Set(
    [midnight - DAY_MS, midnight + DAY_MS].map((at) => gmtOffsetMinutes(zone, new Date(at))),
  );
  const candidates = [...offsets].map((offset) => midnight - offset * 60_000).sort((a, b) => a - b);
  const exact = candidates.find((at) => wallClock(zone, at) === midnight);
  if (exact !== undefined) return new Date(exact);
  // Midnight falls in a gap: the day starts at the change, the first instant whose wall clock is past it.
  let [low, high] = [candidates[0]! - DAY_MS, candidates[candidates.length - 1]! + DAY_MS];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClock(zone, middle) >= midnight) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** `GMT+05:30`, `GMT-03:00`, `GMT+00:00`. */
export function formatGmtOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `GMT${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/** Zones already checked: making a formatter to check one costs more than most renders. */
const checkedZones = new Map<string, boolean>();
/** Bounded: the server checks zones users send. */
const CHECKED_ZONES_KEPT = 1_000;

export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      // The zone's formatter, kept: its offsets are read with it next.
      wallClockFormat(zone);
      known = true;
    } catch {
      known = false;
    }
    if (checkedZones.size >= CHECKED_ZONES_KEPT) checkedZones.clear();
    checkedZones.set(zone, known);
  }
  return known;
}

let guessed: string | null = null;

/**
 * Spec §9: the browser's guess, or UTC when nothing can be guessed. Guessed once per page: it serves
 * users whose settings name no zone, and every date on screen asked for it again.
 */
export function guessTimeZone(): string {
  if (guessed !== null) return guessed;
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    guessed = zone && isKnownTimeZone(zone) ? zone : 'UTC';
  } catch {
    guessed = 'UTC';
  }
  return guessed;
}
