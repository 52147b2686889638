import { UNSPLIT_SERIES, type DashboardWidget, type WidgetData } from '@fleet/contract';
import { ScrollArea, Table, Text, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  type BarSeriesOption,
  type HeatmapSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
  type RadarSeriesOption,
  type ScatterSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type RadarComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import { colourKey, type KeyColours } from './key-colours';
import { useKeyLabel } from './key-labels';

echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | RadarSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | RadarComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export interface Labelled {
  categories: string[];
  series: { key: string; name: string; values: number[]; colour: string }[];
  categoryColours: string[];
}

/** The colour scheme's text colour, whether it is dark, and how wide the chart is drawn (px). */
export interface Frame {
  text: string;
  dark: boolean;
  width: number;
}

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(colour.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A bar or slice: a colour as dark as the dark scheme's background (Expired's) gets an outline there. */
function itemStyle(colour: string, frame: Frame) {
  return frame.dark && luminance(colour) < 0.05
    ? { color: colour, borderColor: frame.text, borderWidth: 1 }
    : { color: colour };
}

/** Fewer categories than this each get their label, broken over lines to fit; more show those that fit. */
const LABEL_EVERY_CATEGORY = 12;
/** What the value axis and the grid's margins take from the chart's width. */
const AXIS_ROOM_PX = 56;

function categoryLabels(count: number, frame: Frame) {
  if (count > LABEL_EVERY_CATEGORY) return { color: frame.text, hideOverlap: true };
  const width = Math.max(24, Math.floor((frame.width - AXIS_ROOM_PX) / Math.max(count, 1)) - 4);
  return { color: frame.text, interval: 0, width, overflow: 'break' as const };
}

interface ChartProps {
  widget: DashboardWidget;
  data: WidgetData;
  colours: KeyColours;
}

/** The data with its keys named and coloured as on every other widget of the dashboard. */
function useLabelled({ widget, data, colours }: ChartProps): Labelled {
  const label = useKeyLabel();
  return {
    categories: data.categories.map((key) => label(widget.groupBy, key)),
    categoryColours: data.categories.map((key) => colours(colourKey(widget.groupBy, key))),
    series: data.series.map((one) => ({
      key: one.key,
      name: label(widget.splitBy, one.key),
      values: one.values,
      colour: colours(one.key === UNSPLIT_SERIES ? UNSPLIT_SERIES : colourKey(widget.splitBy, one.key)),
    })),
  };
}

function cartesian(widget: DashboardWidget, labelled: Labelled, frame: Frame): ChartOption {
  const { text } = frame;
  const split = widget.splitBy !== undefined;
  const series = labelled.series.map((one): BarSeriesOption | LineSeriesOption | ScatterSeriesOption => {
    const common = { name: one.name, itemStyle: { color: one.colour } };
    if (widget.chartType === 'bar')
      return {
        ...common,
        type: 'bar',
        stack: split ? 'all' : undefined,
        // One bar per category: each in its category's colour, as on the dashboard's pies.
        data: split
          ? one.values
          : one.values.map((value, index) => ({
              value,
              itemStyle: itemStyle(labelled.categoryColours[index]!, frame),
            })),
      };
    if (widget.chartType === 'scatter')
      return { ...common, type: 'scatter', data: one.values, symbolSize: 10 };
    return {
      ...common,
      type: 'line',
      data: one.values,
      lineStyle: { color: one.colour },
      ...(widget.chartType === 'area' ? { areaStyle: { opacity: 0.35 }, stack: 'all' } : {}),
    };
  });
  return {
    grid: { left: 8, right: 16, top: split ? 36 : 16, bottom: 8, containLabel: true },
    legend: split ? { type: 'scroll', top: 0, textStyle: { color: text } } : undefined,
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: labelled.categories,
      axisLabel: categoryLabels(labelled.categories.length, frame),
    },
    yAxis: { type: 'value', axisLabel: { color: text } },
    series,
  };
}

function heatmap(labelled: Labelled, text: string, colour: string): ChartOption {
  const max = Math.max(1, ...labelled.series.flatMap((one) => one.values));
  return {
    grid: { left: 8, right: 16, top: 8, bottom: 48, containLabel: true },
    tooltip: { position: 'top' },
    xAxis: { type: 'category', data: labelled.categories, axisLabel: { color: text, hideOverlap: true } },
    yAxis: { type: 'category', data: labelled.series.map((one) => one.name), axisLabel: { color: text } },
    visualMap: {
      min: 0,
      max,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 80,
      calculable: true,
      inRange: { color: ['#f1f3f5', colour] },
      textStyle: { color: text },
    },
    series: [
      {
        type: 'heatmap',
        data: labelled.series.flatMap((one, y) => one.values.map((value, x) => [x, y, value])),
        label: { show: labelled.categories.length * labelled.series.length <= 60 },
      },
    ],
  };
}

function radar(labelled: Labelled, text: string): ChartOption {
  const max = Math.max(1, ...labelled.series.flatMap((one) => one.values));
  return {
    legend: labelled.series.length > 1 ? { type: 'scroll', top: 0, textStyle: { color: text } } : undefined,
    tooltip: {},
    radar: {
      indicator: labelled.categories.map((name) => ({ name, max })),
      axisName: { color: text },
      radius: '62%',
    },
    series: [
      {
        type: 'radar',
        data: labelled.series.map((one) => ({
          name: one.name,
          value: one.values,
          itemStyle: { color: one.colour },
          lineStyle: { color: one.colour },
          areaStyle: { opacity: 0.15 },
        })),
      },
    ],
  };
}

function pie(widget: DashboardWidget, labelled: Labelled, frame: Frame): ChartOption {
  const { text } = frame;
  const values = labelled.series[0]?.values ?? [];
  return {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', bottom: 0, textStyle: { color: text } },
    series: [
      {
        type: 'pie',
        radius: widget.chartType === 'donut' ? ['42%', '68%'] : '68%',
        center: ['50%', '45%'],
        label: { color: text },
        data: labelled.categories.map((name, index) => ({
          name,
          value: values[index] ?? 0,
          itemStyle: itemStyle(labelled.categoryColours[index]!, frame),
        })),
      },
    ],
  };
}

export function optionOf(widget: DashboardWidget, labelled: Labelled, frame: Frame): ChartOption {
  switch (widget.chartType) {
    case 'pie':
    case 'donut':
      return pie(widget, labelled, frame);
    case 'radar':
      return radar(labelled, frame.text);
    case 'heatmap':
      return heatmap(labelled, frame.text, labelled.series[0]?.colour ?? '#1f77b4');
    default:
      return cartesian(widget, labelled, frame);
  }
}

/** The numbers as a table: the table chart type, and every chart's text alternative. */
function DataTable({ labelled, caption }: { labelled: Labelled; caption: string }) {
  const { t } = useTranslation();
  const split = labelled.series.length > 1 || labelled.series[0]?.key !== UNSPLIT_SERIES;
  return (
    <Table striped withTableBorder fz="sm" stickyHeader>
      <caption>
        <VisuallyHidden component="span">{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('dashboard.widget.category')}</Table.Th>
          {labelled.series.map((one) => (
            <Table.Th key={one.key} scope="col" ta="right">
              {one.name}
            </Table.Th>
          ))}
          {split && (
            <Table.Th scope="col" ta="right">
              {t('dashboard.widget.total')}
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {labelled.categories.map((category, index) => (
          <Table.Tr key={category}>
            <Table.Th scope="row" fw={500}>
              {category}
            </Table.Th>
            {labelled.series.map((one) => (
              <Table.Td key={one.key} ta="right">
                {(one.values[index] ?? 0).toLocaleString()}
              </Table.Td>
            ))}
            {split && (
              <Table.Td ta="right">
                {labelled.series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0).toLocaleString()}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One widget's chart, drawn from the numbers the server counted. */
export function WidgetChart({ widget, data, colours, title }: ChartProps & { title: string }) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const labelled = useLabelled({ widget, data, colours });
  const { ref: sized, width } = useElementSize();
  if (data.total === 0) return <Text c="dimmed">{t('dashboard.widget.nothing')}</Text>;
  if (widget.chartType === 'table')
    return (
      // A table wider or taller than its widget scrolls: keyboard users reach it to scroll it.
      <ScrollArea h="100%" type="auto" viewportProps={{ tabIndex: 0 }}>
        <DataTable labelled={labelled} caption={title} />
      </ScrollArea>
    );
  const dark = scheme === 'dark';
  const frame: Frame = { text: dark ? '#c9c9c9' : '#495057', dark, width };
  return (
    <>
      <div
        ref={sized}
        role="img"
        aria-label={t('dashboard.widget.chart_label', { title, total: data.total.toLocaleString() })}
        style={{ height: '100%' }}
      >
        <ReactEChartsCore
          echarts={echarts}
          option={optionOf(widget, labelled, frame)}
          notMerge
          style={{ height: '100%', width: '100%' }}
        />
      </div>
      <VisuallyHidden>
        <DataTable labelled={labelled} caption={title} />
      </VisuallyHidden>
    </>
  );
}
