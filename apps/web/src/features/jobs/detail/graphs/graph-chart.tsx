import { axisLabel, curveAxisBounds, type JobGraph } from '@fleet/contract';
import { useComputedColorScheme } from '@mantine/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downsample, yRange, type CurvePoints } from './downsample';

echarts.use([LineChart, GridComponent, DataZoomComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type GraphOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | DataZoomComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

/** Jobs spec §2: the chart is 500 px high. */
export const GRAPH_HEIGHT = 500;
/** Points kept per curve for the view: two per bucket, about one per pixel of a wide screen. */
const BUCKETS = 1500;
/** Room each y axis takes beside the plot. */
const AXIS_WIDTH = 64;

interface Curve extends CurvePoints {
  name: string;
}

function curvesOf(graph: JobGraph): Curve[] {
  return graph.curves.map((curve) => ({
    name: curve.curveName,
    x: Float64Array.from(curve.pointsData.X),
    y: Float64Array.from(curve.pointsData.Y),
  }));
}

function xExtent(curves: readonly Curve[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const curve of curves) {
    if (curve.x.length === 0) continue;
    min = Math.min(min, curve.x[0]!);
    max = Math.max(max, curve.x[curve.x.length - 1]!);
  }
  return Number.isFinite(min) ? [min, max] : [0, 1];
}

/**
 * A graph as a line chart (jobs spec §2): X the seconds from the job's start, one y axis per curve on
 * alternating sides, each fixed to its curve's whole range unless a curve is flat, labels with one
 * decimal. Zoom with the wheel or the slider, pan by dragging; what is drawn is the visible part's
 * shape, read again from all the points at each zoom (docs/job-detail.md).
 */
export function GraphChart({ graph }: { graph: JobGraph }) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const chart = useRef<EChartsType | null>(null);
  const [drawn, setDrawn] = useState(false);
  /** The X window shown, in the page for the end-to-end tests to follow the zoom. */
  const [shownWindow, setShownWindow] = useState<string>('');
  const curves = useMemo(() => curvesOf(graph), [graph]);
  const [xMin, xMax] = useMemo(() => xExtent(curves), [curves]);

  const option = useMemo<GraphOption>(() => {
    const bounds = curveAxisBounds(curves.map(yRange));
    const left = Math.ceil(curves.length / 2);
    const right = Math.floor(curves.length / 2);
    const text = scheme === 'dark' ? '#c9c9c9' : '#495057';
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
        name: t('job_detail.graphs.seconds'),
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
  }, [curves, xMin, xMax, scheme, t]);

  /** After a zoom or a pan: the visible part drawn again from all its points. */
  const redraw = () => {
    const instance = chart.current;
    if (!instance) return;
    const started = performance.now();
    const zoom = (instance.getOption().dataZoom as { start?: number; end?: number }[] | undefined)?.[0];
    const from = xMin + ((xMax - xMin) * (zoom?.start ?? 0)) / 100;
    const to = xMin + ((xMax - xMin) * (zoom?.end ?? 100)) / 100;
    instance.setOption({ series: curves.map((curve) => ({ data: downsample(curve, from, to, BUCKETS) })) });
    // What a zoom costs, read by the graph benchmark.
    performance.measure('graph-redraw', { start: started });
    setShownWindow(`${axisLabel(from)}-${axisLabel(to)}`);
  };

  return (
    <div
      data-graph-drawn={drawn || undefined}
      data-graph-id={graph.id}
      data-graph-window={shownWindow || undefined}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height: GRAPH_HEIGHT, width: '100%' }}
        onChartReady={(instance) => {
          chart.current = instance;
          // The first drawing is done when the chart is ready; the next frame shows it.
          requestAnimationFrame(() => {
            setDrawn(true);
            performance.mark('graph-drawn', { detail: graph.id });
          });
        }}
        onEvents={{ datazoom: redraw }}
        opts={{ renderer: 'canvas' }}
      />
    </div>
  );
}
