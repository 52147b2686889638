import { useComputedColorScheme } from '@mantine/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

// Only what these charts draw: bars and lines on a grid, their legend and tooltip, on a canvas.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type EsatChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** A chart of the statistics, in the colour scheme's text colour; a click on a bar or point selects it. */
export function EsatChart({
  option,
  height,
  onSelect,
}: {
  option: EsatChartOption;
  height: number;
  onSelect: (dataIndex: number, seriesIndex: number) => void;
}) {
  const scheme = useComputedColorScheme('light');
  const themed = useMemo<EsatChartOption>(() => {
    const text = scheme === 'dark' ? '#c9c9c9' : '#495057';
    return {
      animation: false,
      textStyle: { color: text },
      legend: { top: 0, textStyle: { color: text } },
      tooltip: { trigger: 'axis' },
      ...option,
    };
  }, [option, scheme]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={themed}
      notMerge
      style={{ height, width: '100%' }}
      opts={{ renderer: 'canvas' }}
      onEvents={{
        click: (params: { dataIndex: number; seriesIndex: number }) =>
          onSelect(params.dataIndex, params.seriesIndex),
      }}
    />
  );
}
