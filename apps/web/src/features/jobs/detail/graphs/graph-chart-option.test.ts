import type { JobGraph } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { curvesOf, graphChartOption, xExtent } from './graph-chart-option';

function graphOf(curves: Record<string, { X: number[]; Y: number[] }>): JobGraph {
  return {
    id: 'g-1',
    graphFileName: 'RUN_1.csv',
    beginDate: '2026-11-22T08:00:00.000Z',
    workflow: 'TORQUE-RUN',
    curveNames: Object.keys(curves),
    pointCount: Object.values(curves).reduce((sum, curve) => sum + curve.X.length, 0),
    curves: Object.entries(curves).map(([curveName, pointsData]) => ({ curveName, pointsData })),
  };
}

interface YAxis {
  name: string;
  position: 'left' | 'right';
  offset: number;
  min?: number;
  max?: number;
  scale?: boolean;
  axisLabel: { formatter: (value: number) => string };
}
interface XAxis {
  name: string;
  min: number;
  max: number;
  axisLabel: { formatter: (value: number) => string };
}

function optionOf(graph: JobGraph) {
  const curves = curvesOf(graph);
  const option = graphChartOption(curves, xExtent(curves), { seconds: 'Time (s)', scheme: 'light' });
  return {
    xAxis: option.xAxis as XAxis,
    yAxis: option.yAxis as YAxis[],
    series: option.series as { name: string; yAxisIndex: number; data: [number, number][] }[],
    grid: option.grid as { left: number; right: number },
  };
}

const THREE_CURVES = graphOf({
  Torque: { X: [0, 0.5, 1], Y: [10.2, 12.5, 11.9] },
  Angle: { X: [0, 0.5, 1, 1.5], Y: [-3.4, 45.5, 90.25, 88] },
  Speed: { X: [0.25, 2], Y: [0.5, 1.5] },
});

describe('the graph chart option', () => {
  it('gives each curve its own y axis, on alternating sides', () => {
    const { yAxis, series, grid } = optionOf(THREE_CURVES);
    expect(yAxis.map(({ name, position, offset }) => ({ name, position, offset }))).toEqual([
      { name: 'Torque', position: 'left', offset: 0 },
      { name: 'Angle', position: 'right', offset: 0 },
      { name: 'Speed', position: 'left', offset: 64 },
    ]);
    expect(series.map(({ name, yAxisIndex }) => [name, yAxisIndex])).toEqual([
      ['Torque', 0],
      ['Angle', 1],
      ['Speed', 2],
    ]);
    // Two axes on the left, one on the right: the plot leaves room for each.
    expect(grid.left).toBeGreaterThan(grid.right);
  });

  it('writes the axes’ labels with one decimal', () => {
    const { xAxis, yAxis } = optionOf(THREE_CURVES);
    for (const axis of [xAxis, ...yAxis]) {
      expect(axis.axisLabel.formatter(12)).toBe('12.0');
      expect(axis.axisLabel.formatter(3.14159)).toBe('3.1');
      expect(axis.axisLabel.formatter(-0.06)).toBe('-0.1');
    }
  });

  it('spans the seconds of all the curves, and fixes each y axis to its curve’s floor and ceiling', () => {
    const { xAxis, yAxis, series } = optionOf(THREE_CURVES);
    expect([xAxis.name, xAxis.min, xAxis.max]).toEqual(['Time (s)', 0, 2]);
    expect(yAxis.map(({ min, max, scale }) => ({ min, max, scale }))).toEqual([
      { min: 10, max: 13, scale: undefined },
      { min: -4, max: 91, scale: undefined },
      { min: 0, max: 2, scale: undefined },
    ]);
    expect(series[1]!.data).toEqual([
      [0, -3.4],
      [0.5, 45.5],
      [1, 90.25],
      [1.5, 88],
    ]);
  });

  it('leaves every y axis to the chart when a curve is flat', () => {
    const { yAxis } = optionOf(
      graphOf({ Torque: { X: [0, 1], Y: [10.2, 12.5] }, Pressure: { X: [0, 1], Y: [2, 2] } }),
    );
    expect(yAxis.map(({ min, max, scale }) => ({ min, max, scale }))).toEqual([
      { min: undefined, max: undefined, scale: true },
      { min: undefined, max: undefined, scale: true },
    ]);
  });
});
