import { describe, expect, it } from 'vitest';
import { downsample, lowerBound, yRange } from './downsample';

const curve = (n: number, y: (i: number) => number) => ({
  x: Float64Array.from({ length: n }, (_, i) => i / 100),
  y: Float64Array.from({ length: n }, (_, i) => y(i)),
});

describe('graph downsampling', () => {
  it('keeps every point of a short curve', () => {
    const points = downsample(
      curve(50, (i) => i),
      0,
      1,
      100,
    );
    expect(points).toHaveLength(50);
  });

  it('keeps a million points to twice the buckets, with their peaks and dips', () => {
    const spiky = curve(1_000_000, (i) => (i === 123_457 ? 99 : i === 876_543 ? -99 : Math.sin(i / 1000)));
    const points = downsample(spiky, 0, 10_000, 2000);
    expect(points.length).toBeLessThanOrEqual(4000);
    expect(points.map((point) => point[1])).toContain(99);
    expect(points.map((point) => point[1])).toContain(-99);
    // In order of X.
    expect(points.every((point, i) => i === 0 || point[0] >= points[i - 1]![0])).toBe(true);
  });

  it('reads the window asked for, one point beyond each edge', () => {
    const line = curve(1000, (i) => i);
    const points = downsample(line, 2, 3, 1000);
    expect(points[0]![0]).toBeCloseTo(1.99);
    expect(points[points.length - 1]![0]).toBeGreaterThan(3);
    expect(points[points.length - 1]![0]).toBeLessThan(3.03);
  });

  it('finds bounds and ranges', () => {
    const line = curve(10, (i) => 10 - i);
    expect(lowerBound(line.x, 0.055)).toBe(6);
    expect(yRange(line)).toEqual({ min: 1, max: 10 });
  });
});
