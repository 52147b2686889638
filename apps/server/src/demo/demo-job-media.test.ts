import { describe, expect, it } from 'vitest';
import { parseGraphCsv } from '../modules/jobs/graph-file.ts';
import { isPng } from '../modules/screenshots/service.ts';
import { demoGraphs, demoPictures, type MediaJob } from '@fleet/device-kit/demo-job-media';

const job = (workflow: string, data: Record<string, unknown> = {}): MediaJob => ({
  workflow,
  beginDate: new Date('2026-11-20T10:00:00Z'),
  data: { JID: '123456-7', ...data },
  userName: 'm.durand',
});

describe('demo graphs and pictures', () => {
  it.each([
    'WHEEL-TORQUE',
    'TORQUE-AUDIT',
    'BATTERY-TEST',
    'STARTER-TEST',
    'CHARGING-TEST',
    'TPMS-CHECK',
    'INFLATION',
    'ALIGNMENT',
  ])('%s records graph files the server reads', (workflow) => {
    const graphs = demoGraphs(1, 42, job(workflow));
    expect(graphs.length).toBeGreaterThan(0);
    for (const graph of graphs) {
      const { curves, pointCount } = parseGraphCsv(graph.csv);
      expect(curves.length).toBeGreaterThanOrEqual(2);
      expect(pointCount).toBeGreaterThan(1000);
      // Curves move: none is flat.
      for (const curve of curves) expect(Math.max(...curve.y)).toBeGreaterThan(Math.min(...curve.y));
    }
    expect(demoGraphs(1, 42, job(workflow))).toEqual(graphs);
  });

  it('records a whole torque run with as many points as asked', () => {
    const [graph] = demoGraphs(1, 7, job('TORQUE-AUDIT'), 400_000);
    expect(parseGraphCsv(graph!.csv).pointCount).toBe(400_000);
  });

  it('takes pictures of vehicles: the plate, the tyres of tyre jobs, the battery label', () => {
    expect(demoPictures(1, 1, job('TORQUE-AUDIT'))).toEqual([]);
    const tyres = demoPictures(1, 1, job('TPMS-CHECK', { VIN: 'VF1AAAAAAAA000001', TYRES: [] }));
    expect(tyres.map((picture) => picture.fileName)).toEqual([
      'plate.png',
      'tyre_FL.png',
      'tyre_FR.png',
      'tyre_RL.png',
      'tyre_RR.png',
    ]);
    const battery = demoPictures(
      1,
      1,
      job('BATTERY-TEST', { VIN: 'VF1AAAAAAAA000001', BAC: '0123456789AB' }),
    );
    expect(battery.map((picture) => picture.fileName)).toEqual(['plate.png', 'battery_label.png']);
    for (const picture of [...tyres, ...battery]) {
      expect(isPng(picture.png)).toBe(true);
      expect(picture.png.length).toBeLessThan(60_000);
      expect(picture.metadata).toMatchObject({ Camera: expect.any(String), Operator: 'm.durand' });
    }
  });
});
