import { CHART_PALETTE, ESAT_SCORES, paletteColours, type EsatStatistics } from '@fleet/contract';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChartCard, type ChartTable } from './chart-card';
import type { EsatChartOption } from './esat-chart';
import { answersLink, periodWithin } from './drill-down';
import { useEsatFormat } from './format';
import { useQuestionLabel } from './labels';

type Filters = Record<string, readonly string[]>;

/** Scores 1 to 5 in palette colours that read from poor to excellent: red, orange, olive, lime, green. */
const SCORE_COLOURS = [3, 1, 8, 12, 2].map((index) => CHART_PALETTE[index]!);

/** The two measures of the time and center charts, with their colours from the palette. */
function useMeasures() {
  const { t } = useTranslation();
  const score = t('statistics.figures.average_score');
  const rate = t('statistics.figures.response_rate');
  const colours = paletteColours([score, rate]);
  return { score, rate, scoreColour: colours.get(score)!, rateColour: colours.get(rate)! };
}

/** The score's axis (0 to 5) and the response rate's (0 to 100 %), without a second grid. */
function twoAxes(rate: string) {
  return [
    { type: 'value' as const, min: 0, max: 5, interval: 1 },
    {
      type: 'value' as const,
      min: 0,
      max: 100,
      name: rate,
      axisLabel: { formatter: '{value} %' },
      splitLine: { show: false },
    },
  ];
}
const percentOf = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

type Counts = EsatStatistics['totals'];
type Measures = ReturnType<typeof useMeasures>;

function countsSeries(measures: Measures, rows: readonly Counts[], rate: 'line' | 'bar') {
  const second = rate === 'line' ? { yAxisIndex: 1, connectNulls: true } : { xAxisIndex: 1 };
  return [
    {
      type: 'bar',
      name: measures.score,
      data: rows.map((row) => row.averageScore),
      itemStyle: { color: measures.scoreColour },
      cursor: 'pointer',
    },
    {
      type: rate,
      name: measures.rate,
      data: rows.map((row) => percentOf(row.responseRate)),
      itemStyle: { color: measures.rateColour },
      cursor: 'pointer',
      ...second,
    },
  ] as EsatChartOption['series'];
}

/** Over time: the average score as bars on the left axis, the response rate as a line on the right one. */
function timeOption(
  measures: Measures,
  periods: readonly string[],
  rows: readonly Counts[],
): EsatChartOption {
  return {
    grid: { top: 48, bottom: 32, left: 40, right: 56 },
    xAxis: { type: 'category', data: [...periods] },
    yAxis: twoAxes(measures.rate),
    series: countsSeries(measures, rows, 'line'),
  };
}

/** Per center: a row of two bars each, the score's axis below, the rate's above; names wrap beside them. */
function centerOption(
  measures: Measures,
  names: readonly string[],
  rows: readonly Counts[],
): EsatChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { top: 72, bottom: 24, left: 8, right: 24, containLabel: true },
    legend: { top: 0 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: [...names],
      axisLabel: { width: 110, overflow: 'break', lineHeight: 14 },
    },
    xAxis: twoAxes(measures.rate).map((axis, index) => ({
      ...axis,
      position: index === 0 ? ('bottom' as const) : ('top' as const),
      nameLocation: 'middle' as const,
      nameGap: 24,
    })),
    series: countsSeries(measures, rows, 'bar'),
  };
}

/** The table view of counts: a row per bar with the link its bar leads to. */
function useCountsTable(first: string, measures: Measures) {
  const { t } = useTranslation();
  const format = useEsatFormat();
  return (rows: readonly { key: string; label: string; counts: Counts; to: string }[]): ChartTable => ({
    columns: [first, measures.score, measures.rate, t('statistics.figures.answered')],
    rows: rows.map(({ key, label, counts, to }) => ({
      key,
      to,
      cells: [
        label,
        format.score(counts.averageScore),
        format.percent(counts.responseRate),
        `${counts.answered} / ${counts.delivered}`,
      ],
      text: `${label}: ${format.score(counts.averageScore)}, ${format.percent(counts.responseRate)}`,
    })),
  });
}

export function OverTimeChart(props: {
  data: EsatStatistics;
  filters: Filters;
  grouping: 'month' | 'year';
  onGrouping: (grouping: 'month' | 'year') => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useEsatFormat();
  const measures = useMeasures();
  const table = useCountsTable(t(`statistics.grouping.${props.grouping}`), measures);
  const rows = props.data.overTime;
  const link = (index: number) =>
    answersLink(props.filters, periodWithin(rows[index]!.period, props.filters));
  return (
    <ChartCard
      title={t('statistics.charts.over_time')}
      height={320}
      onSelect={(index) => void navigate(link(index))}
      controls={
        <SegmentedControl
          size="xs"
          value={props.grouping}
          onChange={(value) => props.onGrouping(value as 'month' | 'year')}
          data={[
            { value: 'month', label: t('statistics.grouping.month') },
            { value: 'year', label: t('statistics.grouping.year') },
          ]}
          aria-label={t('statistics.grouping.label')}
        />
      }
      option={timeOption(
        measures,
        rows.map((row) => format.period(row.period)),
        rows,
      )}
      table={table(
        rows.map((row, index) => ({
          key: row.period,
          label: format.period(row.period),
          counts: row,
          to: link(index),
        })),
      )}
    />
  );
}

export function ByCenterChart({ data, filters }: { data: EsatStatistics; filters: Filters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const measures = useMeasures();
  const table = useCountsTable(t('statistics.columns.center'), measures);
  const rows = data.byServiceCenter;
  const link = (index: number) =>
    answersLink(filters, { ServiceCenter: [String(rows[index]!.serviceCenter.id)] });
  return (
    <ChartCard
      title={t('statistics.charts.by_center')}
      height={Math.max(220, 110 + rows.length * 70)}
      onSelect={(index) => void navigate(link(index))}
      option={centerOption(
        measures,
        rows.map((row) => row.serviceCenter.name),
        rows,
      )}
      table={table(
        rows.map((row, index) => ({
          key: String(row.serviceCenter.id),
          label: row.serviceCenter.name,
          counts: row,
          to: link(index),
        })),
      )}
    />
  );
}

/** Each question's scores stacked 1 to 5; a segment leads to the answers of that question and score. */
export function ByQuestionChart({ data, filters }: { data: EsatStatistics; filters: Filters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useEsatFormat();
  const label = useQuestionLabel();
  const rows = data.byQuestion;
  const names = ESAT_SCORES.map((score) => t('statistics.score_value', { score }));
  const link = (index: number, score?: number) =>
    answersLink(filters, {
      Question: [rows[index]!.question],
      ...(score === undefined ? {} : { Score: [String(score)] }),
    });
  return (
    <ChartCard
      title={t('statistics.charts.by_question')}
      height={Math.max(200, 70 + rows.length * 44)}
      onSelect={(index, series) => void navigate(link(index, ESAT_SCORES[series]))}
      option={{
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        grid: { top: 40, bottom: 24, left: 8, right: 24, containLabel: true },
        xAxis: { type: 'value' },
        yAxis: { type: 'category', inverse: true, data: rows.map((row) => label(row.question)) },
        series: ESAT_SCORES.map((score, index) => ({
          type: 'bar' as const,
          name: names[index],
          stack: 'scores',
          data: rows.map((row) => row.scores[index] ?? 0),
          itemStyle: { color: SCORE_COLOURS[index] },
          cursor: 'pointer',
        })),
      }}
      table={{
        columns: [t('statistics.columns.question'), t('statistics.figures.average_score'), ...names],
        rows: rows.map((row, index) => ({
          key: row.question,
          to: link(index),
          cells: [label(row.question), format.score(row.averageScore), ...row.scores.map(String)],
          text: `${label(row.question)}: ${format.score(row.averageScore)} (${row.scores
            .map((count, score) => `${names[score]}: ${count}`)
            .join(', ')})`,
        })),
      }}
    />
  );
}
