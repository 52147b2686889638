import { describe, expect, it } from 'vitest';
import { clusterIndices, groupCenter, groupsKey, markSize } from './clusters';

describe('clusters', () => {
  it('keeps points apart when they are farther than the radius', () => {
    expect(
      clusterIndices(
        [
          [0, 0],
          [50, 0],
          [0, 50],
        ],
        40,
      ),
    ).toEqual([[0], [1], [2]]);
  });

  it('groups close points under the first one, newest first, whatever their grid cell', () => {
    const groups = clusterIndices(
      [
        [39, 39],
        [41, 41],
        [300, 300],
        [10, 60],
        [330, 290],
      ],
      40,
    );
    expect(groups).toEqual([
      [0, 1, 3],
      [2, 4],
    ]);
  });

  it('puts a point with the nearest group in reach, not the first', () => {
    expect(
      clusterIndices(
        [
          [0, 0],
          [60, 0],
          [35, 0],
        ],
        40,
      ),
    ).toEqual([[0], [1, 2]]);
  });

  it('groups everything at one place, and nothing without points', () => {
    expect(clusterIndices(Array.from({ length: 500 }, () => [120.5, 80.25]))).toHaveLength(1);
    expect(clusterIndices([])).toEqual([]);
  });

  it('leaves a point without a place on screen alone', () => {
    expect(
      clusterIndices(
        [
          [NaN, 0],
          [0, 0],
          [NaN, 0],
        ],
        40,
      ),
    ).toEqual([[0], [1], [2]]);
  });

  it('gives a key that changes with the grouping only', () => {
    expect(groupsKey([[0, 1], [2]])).toBe(groupsKey([[0, 1], [2]]));
    expect(groupsKey([[0, 1], [2]])).not.toBe(groupsKey([[0], [1, 2]]));
  });

  it('centres a group between its points', () => {
    const points = [
      { longitude: 2, latitude: 48 },
      { longitude: 4, latitude: 46 },
      { longitude: 90, latitude: 0 },
    ];
    expect(groupCenter([0, 1], points)).toEqual([3, 47]);
    expect(groupCenter([2], points)).toEqual([90, 0]);
  });

  it('draws a group larger with more points, within a limit', () => {
    expect(markSize(1)).toBeLessThan(markSize(2));
    expect(markSize(2)).toBeLessThan(markSize(20));
    expect(markSize(10_000)).toBe(44);
  });
});
