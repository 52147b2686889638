import { CHART_PALETTE, ESAT_SCORES, paletteColours, type EsatStatistics } from '@fleet/contract';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChartCard } from './chart-card';
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

/** Average score (bars, left axis 1–5) and response rate (line or bars, right axis in %). */
function twoAxes(rate: string) {
  return [
    { type: 'value' as const, min: 0, max: 5, interval: 1, name: '' },
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
      option={{
        grid: { top: 48, bottom: 32, left: 40, right: 56 },
        xAxis: { type: 'category', data: rows.map((row) => format.period(row.period)) },
        yAxis: twoAxes(measures.rate),
        series: [
          {
            type: 'bar',
            name: measures.score,
            data: rows.map((row) => row.averageScore),
            itemStyle: { color: measures.scoreColour },
            cursor: 'pointer',
          },
          {
            type: 'line',
            name: measures.rate,
            yAxisIndex: 1,
            data: rows.map((row) => percentOf(row.responseRate)),
            itemStyle: { color: measures.rateColour },
            connectNulls: true,
          },
        ],
      }}
      table={{
        columns: [
          t(`statistics.grouping.${props.grouping}`),
          measures.score,
          measures.rate,
          t('statistics.figures.answered'),
        ],
        rows: rows.map((row, index) => ({
          key: row.period,
          to: link(index),
          cells: [
            format.period(row.period),
            format.score(row.averageScore),
            format.percent(row.responseRate),
            `${row.answered} / ${row.delivered}`,
          ],
          text: `${format.period(row.period)}: ${format.score(row.averageScore)}, ${format.percent(row.responseRate)}`,
        })),
      }}
    />
  );
}

export function ByCenterChart({ data, filters }: { data: EsatStatistics; filters: Filters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useEsatFormat();
  const measures = useMeasures();
  const rows = data.byServiceCenter;
  const link = (index: number) =>
    answersLink(filters, { ServiceCenter: [String(rows[index]!.serviceCenter.id)] });
  return (
    <ChartCard
      title={t('statistics.charts.by_center')}
      height={300}
      onSelect={(index) => void navigate(link(index))}
      option={{
        grid: { top: 48, bottom: 56, left: 40, right: 56 },
        xAxis: {
          type: 'category',
          data: rows.map((row) => row.serviceCenter.name),
          // Long names wrap under their bars.
          axisLabel: { interval: 0, width: 120, overflow: 'break' },
        },
        yAxis: twoAxes(measures.rate),
        series: [
          {
            type: 'bar',
            name: measures.score,
            data: rows.map((row) => row.averageScore),
            itemStyle: { color: measures.scoreColour },
            cursor: 'pointer',
          },
          {
            type: 'bar',
            name: measures.rate,
            yAxisIndex: 1,
            data: rows.map((row) => percentOf(row.responseRate)),
            itemStyle: { color: measures.rateColour },
            cursor: 'pointer',
          },
        ],
      }}
      table={{
        columns: [
          t('statistics.columns.center'),
          measures.score,
          measures.rate,
          t('statistics.figures.answered'),
        ],
        rows: rows.map((row, index) => ({
          key: String(row.serviceCenter.id),
          to: link(index),
          cells: [
            row.serviceCenter.name,
            format.score(row.averageScore),
            format.percent(row.responseRate),
            `${row.answered} / ${row.delivered}`,
          ],
          text: `${row.serviceCenter.name}: ${format.score(row.averageScore)}, ${format.percent(row.responseRate)}`,
        })),
      }}
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
