/** Positions closer than this on screen, in pixels, are drawn as one numbered mark. */
export const CLUSTER_RADIUS = 40;

/**
 * Groups points by their place on screen: each point joins the nearest group whose first point lies within
 * `radius`, or starts a group. Points are taken in order (newest first here), so a group's first index is
 * its newest point and its last the oldest. Returns the indexes of the points in each group.
 */
export function clusterIndices(points: readonly (readonly number[])[], radius: number = CLUSTER_RADIUS) {
  const groups: { x: number; y: number; members: number[] }[] = [];
  // The groups by grid cell of `radius`: a group within reach is in the point's cell or one next to it.
  const cells = new Map<string, (typeof groups)[number][]>();
  const cellOf = (value: number) => Math.floor(value / radius);

  points.forEach((point, index) => {
    const [x = NaN, y = NaN] = point;
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      groups.push({ x, y, members: [index] });
      return;
    }
    let nearest: (typeof groups)[number] | undefined;
    let nearestDistance = radius;
    for (let column = cellOf(x) - 1; column <= cellOf(x) + 1; column++) {
      for (let row = cellOf(y) - 1; row <= cellOf(y) + 1; row++) {
        for (const group of cells.get(`${column} ${row}`) ?? []) {
          const distance = Math.hypot(group.x - x, group.y - y);
          if (distance <= nearestDistance) [nearest, nearestDistance] = [group, distance];
        }
      }
    }
    if (nearest) {
      nearest.members.push(index);
      return;
    }
    const group = { x, y, members: [index] };
    groups.push(group);
    const key = `${cellOf(x)} ${cellOf(y)}`;
    cells.set(key, [...(cells.get(key) ?? []), group]);
  });
  return groups.map((group) => group.members);
}

/** The same groups give the same key: the map is redrawn only when the grouping changes. */
export function groupsKey(groups: readonly (readonly number[])[]): string {
  return groups.map((group) => group.join(',')).join(';');
}

/** The middle of a group's points, in degrees. */
export function groupCenter(
  group: readonly number[],
  points: readonly { longitude: number; latitude: number }[],
): [number, number] {
  const members = group.map((index) => points[index]!);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return [mean(members.map((point) => point.longitude)), mean(members.map((point) => point.latitude))];
}

/** A lone position is a small dot; a group grows with the number of its positions, up to a limit. */
export function markSize(count: number): number {
  return count <= 1 ? 14 : Math.min(44, Math.round(22 + 5 * Math.log2(count)));
}
