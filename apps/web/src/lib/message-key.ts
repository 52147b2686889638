/** A value as a translation key's part: keys are snake case (`in-transit` reads `in_transit`). */
export function messageKey(value: string): string {
  return value.replace(/-/g, '_');
}
