import type { ImportProblem } from '@fleet/contract';

/**
 * A key met again in the file: the problem of the row's key column, naming the first row that holds it
 * (`what`: "code", "VIN", "order"); none the first time, which is noted in `seen`.
 */
export function repeatedRow<C extends string>(
  seen: Map<string, number>,
  key: string,
  line: number,
  column: C,
  what: string,
): ImportProblem<C>[] {
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, line);
    return [];
  }
  return [
    { column, message: `is already the ${what} of row ${first}`, rule: { kind: 'repeated', row: first } },
  ];
}
