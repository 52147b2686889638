/**
 * The instant of an image date as devices write it (`2026-11-22 10-15-30`, UTC, dashes in the time part),
 * so that it is shown like every other date; null when the text is no such date.
 */
export function imageDateInstant(date: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T_](\d{2})[-:](\d{2})[-:](\d{2})(\.\d+)?(Z)?$/.exec(date.trim());
  if (!match) return null;
  const instant = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}${match[5] ?? ''}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
