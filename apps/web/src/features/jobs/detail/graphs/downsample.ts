/** A curve's points as typed arrays, X in increasing order (seconds from the job's start). */
export interface CurvePoints {
  x: Float64Array;
  y: Float64Array;
}

/** The first index whose X is at least `value` (binary search on sorted X). */
export function lowerBound(x: Float64Array, value: number): number {
  let low = 0;
  let high = x.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (x[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The points of a curve between `from` and `to` (in X), at most about `2 × buckets` of them: each bucket
 * of points keeps its lowest and highest, in their order. Peaks and dips survive, which a plain sampling
 * would lose; a million points draw as fast as four thousand.
 */
export function downsample(
  curve: CurvePoints,
  from: number,
  to: number,
  buckets: number,
): [number, number][] {
  // One point either side, so that the line runs to the edges of the view.
  const start = Math.max(0, lowerBound(curve.x, from) - 1);
  const end = Math.min(curve.x.length, lowerBound(curve.x, to) + 2);
  const count = end - start;
  if (count <= buckets * 2) {
    const points: [number, number][] = new Array(count);
    for (let i = 0; i < count; i++) points[i] = [curve.x[start + i]!, curve.y[start + i]!];
    return points;
  }
  const points: [number, number][] = [];
  const size = count / buckets;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const first = start + Math.floor(bucket * size);
    const last = Math.min(end, start + Math.floor((bucket + 1) * size));
    let low = first;
    let high = first;
    for (let i = first + 1; i < last; i++) {
      if (curve.y[i]! < curve.y[low]!) low = i;
      if (curve.y[i]! > curve.y[high]!) high = i;
    }
    const [a, b] = low < high ? [low, high] : [high, low];
    points.push([curve.x[a]!, curve.y[a]!]);
    if (b !== a) points.push([curve.x[b]!, curve.y[b]!]);
  }
  return points;
}

/** The lowest and highest Y of a curve. */
export function yRange(curve: CurvePoints): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const value of curve.y) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}
