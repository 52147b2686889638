import { axisLabel, curveAxisBounds, type JobGraph } from '@fleet/contract';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { downsample, yRange, type CurvePoints } from './downsample';

export type GraphOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | DataZoomComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

/** Points kept per curve for the view: two per bucket, about one per pixel of a wide screen. */
export const BUCKETS = 1500;
/** Room each y axis takes beside the plot. */
const AXIS_WIDTH = 64;

export interface Curve extends CurvePoints {
  name: string;
}

/** A graph's curves as typed arrays. */
export function curvesOf(graph: JobGraph): Curve[] {
  return graph.curves.map((curve) => ({
    name: curve.curveName,
    x: Float64Array.from(curve.pointsData.X),
    y: Float64Array.from(curve.pointsData.Y),
  }));
}

/** The X range of all the curves together; [0, 1] when none has a point. */
export function xExtent(curves: readonly Curve[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const curve of curves) {
    if (curve.x.length === 0) continue;
    min = Math.min(min, curve.x[0]!);
    max = Math.max(max, curve.x[curve.x.length - 1]!);
  }
  return Number.isFinite(min) ? [min, max] : [0, 1];
}

interface GraphLook {
  /** The X axis' name ("Time (s)" in the user's language). */
  seconds: string;
  scheme: 'light' | 'dark';
}

/**
 * The chart of a graph (jobs spec §2): X the seconds from the job's start over the curves' whole range,
 * one y axis per curve on alternating sides (left, right, left…), each fixed to the floor of its curve's
 * minimum and the ceiling of its maximum unless a curve is flat, labels with one decimal.
 */
export function graphChartOption(
  curves: readonly Curve[],
  [xMin, xMax]: readonly [number, number],
  look: GraphLook,
): GraphOption {
  const bounds = curveAxisBounds(curves.map(yRange));
  const left = Math.ceil(curves.length / 2);
  const right = Math.floor(curves.length / 2);
  const text = look.scheme === 'dark' ? '#c9c9c9' : '#495057';
  return {
    animation: false,
    textStyle: { color: text },
    legend: { top: 0, textStyle: { color: text } },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (typeof value === 'number' ? axisLabel(value) : String(value)),
    },
    grid: { top: 48, bottom: 72, left: 16 + left * AXIS_WIDTH, right: 16 + right * AXIS_WIDTH },
    xAxis: {
      type: 'value',
      name: look.seconds,
      nameLocation: 'middle',
      nameGap: 26,
      min: xMin,
      max: xMax,
      axisLabel: { formatter: axisLabel },
    },
    yAxis: curves.map((curve, index) => ({
      type: 'value',
      name: curve.name,
      nameTextStyle: { align: index % 2 === 0 ? 'right' : 'left' },
      position: index % 2 === 0 ? 'left' : 'right',
      offset: Math.floor(index / 2) * AXIS_WIDTH,
      alignTicks: false,
      splitLine: { show: index === 0 },
      axisLine: { show: true },
      axisLabel: { formatter: axisLabel },
      ...(bounds[index] ? { min: bounds[index].min, max: bounds[index].max } : { scale: true }),
    })),
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        bottom: 8,
        labelFormatter: (value: number) => axisLabel(value),
      },
    ],
    series: curves.map((curve, index) => ({
      type: 'line',
      name: curve.name,
      yAxisIndex: index,
      showSymbol: false,
      lineStyle: { width: 1.2 },
      data: downsample(curve, xMin, xMax, BUCKETS),
    })),
  };
}
