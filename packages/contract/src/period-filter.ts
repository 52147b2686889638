import { nextDay, parseDateTokenData } from './search-tokens.ts';
import type { DayStart } from './job-tokens.ts';

/**
 * The query of a list filtered by a day token (the logs, the journals): the `At` token becomes `From` (the
 * start of its first day, in the user's zone) and `To` (the start of the day after its last), each left
 * out where the operator leaves that side open; the other filters pass as they are.
 */
export function periodQueryParameters(
  filters: Record<string, readonly string[]>,
  dayStart: DayStart,
  today: Date = new Date(),
): Record<string, string[]> {
  const parameters: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(filters)) {
    if (key.endsWith('Operator') || values.length === 0) continue;
    if (key !== 'At') {
      parameters[key] = [...values];
      continue;
    }
    const operator = filters.AtOperator?.[0] ?? 'equal';
    const { start, end } = parseDateTokenData(values[0]!, today);
    const last = operator === 'range' && end ? end : start;
    if (operator !== 'before') parameters.From = [dayStart(start).toISOString()];
    if (operator !== 'since')
      parameters.To = [dayStart(operator === 'before' ? start : nextDay(last)).toISOString()];
  }
  return parameters;
}
