import type { JobGraph } from '@fleet/contract';

const sameX = (graph: JobGraph) => {
  const first = graph.curves[0]?.pointsData.X ?? [];
  return graph.curves.every(
    (curve) =>
      curve.pointsData.X.length === first.length && curve.pointsData.X.every((x, i) => x === first[i]),
  );
};

const quoted = (name: string) => (/[",\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name);

/**
 * A graph as a CSV file: as devices write them (X, then a column per curve) when its curves share their
 * instants, else an X and a Y column per curve.
 */
export function graphCsv(graph: JobGraph, xName: string): string {
  if (sameX(graph)) {
    const xs = graph.curves[0]?.pointsData.X ?? [];
    const lines = [[xName, ...graph.curves.map((curve) => quoted(curve.curveName))].join(',')];
    for (let i = 0; i < xs.length; i++)
      lines.push([xs[i], ...graph.curves.map((curve) => curve.pointsData.Y[i])].join(','));
    return `${lines.join('\r\n')}\r\n`;
  }
  const length = Math.max(0, ...graph.curves.map((curve) => curve.pointsData.X.length));
  const lines = [
    graph.curves
      .flatMap((curve) => [quoted(`${curve.curveName} ${xName}`), quoted(curve.curveName)])
      .join(','),
  ];
  for (let i = 0; i < length; i++)
    lines.push(
      graph.curves.flatMap((curve) => [curve.pointsData.X[i] ?? '', curve.pointsData.Y[i] ?? '']).join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
