import { axisLabel, type JobGraph } from '@fleet/contract';
import { useComputedColorScheme } from '@mantine/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downsample } from './downsample';
import { BUCKETS, curvesOf, graphChartOption, xExtent, type GraphOption } from './graph-chart-option';

echarts.use([LineChart, GridComponent, DataZoomComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Jobs spec §2: the chart is 500 px high. */
export const GRAPH_HEIGHT = 500;

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

  const option = useMemo<GraphOption>(
    () => graphChartOption(curves, [xMin, xMax], { seconds: t('job_detail.graphs.seconds'), scheme }),
    [curves, xMin, xMax, scheme, t],
  );

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
