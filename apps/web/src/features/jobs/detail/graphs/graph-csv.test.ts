import { describe, expect, it } from 'vitest';
import { graphCsv } from './graph-csv';

const graph = (curves: { curveName: string; pointsData: { X: number[]; Y: number[] } }[]) => ({
  id: '1',
  graphFileName: 'g.csv',
  beginDate: '2026-11-20T10:00:00.000Z',
  workflow: 'W',
  curveNames: curves.map((curve) => curve.curveName),
  pointCount: 0,
  curves,
});

describe('graph files', () => {
  it('writes shared instants once, as devices do', () => {
    const csv = graphCsv(
      graph([
        { curveName: 'Torque (Nm)', pointsData: { X: [0, 0.5], Y: [1, 2] } },
        { curveName: 'Angle, deg', pointsData: { X: [0, 0.5], Y: [10, 20] } },
      ]),
      'Time (s)',
    );
    expect(csv).toBe('Time (s),Torque (Nm),"Angle, deg"\r\n0,1,10\r\n0.5,2,20\r\n');
  });

  it('writes an X and a Y column per curve otherwise', () => {
    const csv = graphCsv(
      graph([
        { curveName: 'A', pointsData: { X: [0, 1], Y: [1, 2] } },
        { curveName: 'B', pointsData: { X: [0.5], Y: [7] } },
      ]),
      's',
    );
    expect(csv).toBe('A s,A,B s,B\r\n0,1,0.5,7\r\n1,2,,\r\n');
  });
});
