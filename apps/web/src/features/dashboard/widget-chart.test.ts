import type { DashboardWidget } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { optionOf, type Frame, type Labelled } from './widget-chart';

const calibration: DashboardWidget = {
  id: 'calibration',
  source: 'calibration',
  measure: 'count',
  groupBy: 'calibration_status',
  chartType: 'bar',
  layout: { x: 0, y: 0, w: 4, h: 3 },
};
const EXPIRED = '#343a40';
const labelled: Labelled = {
  categories: ['OK', 'Warning', 'Urgent', 'Expired', 'No certificate'],
  categoryColours: ['#2f9e44', '#fab005', '#e03131', EXPIRED, '#adb5bd'],
  series: [{ key: 'count', name: 'Count', values: [5, 4, 3, 2, 1], colour: '#1f77b4' }],
};
const light: Frame = { text: '#495057', dark: false, width: 300 };
const dark: Frame = { text: '#c9c9c9', dark: true, width: 300 };

type Bar = { itemStyle: Record<string, unknown> };
const bars = (frame: Frame) =>
  (optionOf(calibration, labelled, frame).series as { data: Bar[] }[])[0]!.data.map((bar) => bar.itemStyle);

describe('a widget chart', () => {
  it('labels every one of a few categories, broken over lines to fit the width it is drawn at', () => {
    const xAxis = optionOf(calibration, labelled, light).xAxis as { axisLabel: Record<string, unknown> };
    // 300 px less the value axis, shared by five labels.
    expect(xAxis.axisLabel).toMatchObject({ interval: 0, overflow: 'break', width: 44 });
  });

  it('shows the labels that fit when there are many categories', () => {
    const months = { ...labelled, categories: Array.from({ length: 24 }, (_, index) => `m${index}`) };
    const xAxis = optionOf({ ...calibration, groupBy: 'month' }, months, light).xAxis as {
      axisLabel: Record<string, unknown>;
    };
    expect(xAxis.axisLabel).toMatchObject({ hideOverlap: true });
    expect(xAxis.axisLabel).not.toHaveProperty('interval');
  });

  it('outlines the dark Expired bar in the dark scheme only, the other bars as they are', () => {
    expect(bars(light)[3]).toEqual({ color: EXPIRED });
    expect(bars(dark)[3]).toEqual({ color: EXPIRED, borderColor: dark.text, borderWidth: 1 });
    expect(bars(dark)[0]).toEqual({ color: '#2f9e44' });
  });

  it('outlines a dark slice of a pie the same way', () => {
    const pie = optionOf({ ...calibration, chartType: 'pie' }, labelled, dark).series as {
      data: Bar[];
    }[];
    expect(pie[0]!.data[3]!.itemStyle).toMatchObject({ borderColor: dark.text });
  });
});
