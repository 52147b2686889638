import type { SeededRandom } from '@fleet/device-kit/random';

/** Up to `count` different items, drawn in the generator's order (the list itself is left as it is). */
export function drawDistinct<T>(random: SeededRandom, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const drawn: T[] = [];
  while (drawn.length < count && pool.length > 0)
    drawn.push(pool.splice(random.int(0, pool.length - 1), 1)[0]!);
  return drawn;
}
