import type { JobGraph } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestsTo } from '../../../../testing/render-route';
import { JOB_ID, openJobDetail } from '../job-detail-fixtures';

// ECharts draws on a canvas, which jsdom lacks: the chart is replaced by a box of its size that keeps its props.
const charts = vi.hoisted(() => ({ props: [] as EChartsReactProps[] }));
vi.mock('echarts-for-react/esm/core', () => ({
  default: function ChartStub(props: EChartsReactProps) {
    charts.props.push(props);
    return <div data-testid="chart" style={props.style} />;
  },
}));
beforeEach(() => {
  charts.props = [];
});

/** The curves of the chart drawn last, by the names its y axes carry. */
const drawnAxes = () =>
  (charts.props.at(-1)?.option.yAxis as { name: string; position: string }[]).map(
    ({ name, position }) => `${name} (${position})`,
  );

function graph(id: string, fileName: string): JobGraph {
  return {
    id,
    graphFileName: fileName,
    beginDate: '2026-11-22T08:00:00.000Z',
    workflow: 'TORQUE-RUN',
    curveNames: ['Torque', 'Angle'],
    pointCount: 6,
    curves: [
      { curveName: 'Torque', pointsData: { X: [0, 1, 2], Y: [10.2, 12.5, 11.9] } },
      { curveName: 'Angle', pointsData: { X: [0, 1, 2], Y: [0, 45.5, 90.25] } },
    ],
  };
}

const FIRST = graph('g-1', 'RUN_1.csv');
const SECOND = graph('g-2', 'RUN_2.csv');
const summary = ({ curves: _curves, ...rest }: JobGraph) => rest;

function openGraphs() {
  return openJobDetail('graphs', 'customer-engineering-user', {
    answers: {
      [`GET /api/Jobs/${JOB_ID}/Graphs`]: { body: { data: [FIRST, SECOND].map(summary), totalCount: 2 } },
      [`GET /api/Jobs/Graphs/${FIRST.id}`]: { body: FIRST },
      [`GET /api/Jobs/Graphs/${SECOND.id}`]: { body: SECOND },
    },
  });
}

const rowOf = (fileName: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByText(fileName) !== null)!;

describe('the graphs tab', () => {
  it('selects the first graph and draws it, 500 px high', async () => {
    const { fetchSpy } = openGraphs();
    const table = await screen.findByRole('table', { name: 'Graph files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['File', 'Begin date', 'Workflow', 'Points', 'Download']);
    expect(rowOf('RUN_1.csv')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf('RUN_2.csv')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('button', { name: 'RUN_1.csv' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Download RUN_2.csv' })).toBeInTheDocument();

    const chart = await screen.findByTestId('chart');
    expect(chart).toHaveStyle({ height: '500px' });
    expect(chart.closest(`[data-graph-id="${FIRST.id}"]`)).not.toBeNull();
    expect(drawnAxes()).toEqual(['Torque (left)', 'Angle (right)']);
    expect(requestsTo(fetchSpy, 'GET', `/api/Jobs/Graphs/${FIRST.id}`)).toHaveLength(1);
    expect(requestsTo(fetchSpy, 'GET', `/api/Jobs/Graphs/${SECOND.id}`)).toHaveLength(0);
  });

  it('selects another graph by a click on its row, and asks for its points', async () => {
    const user = userEvent.setup();
    const { fetchSpy, router } = openGraphs();
    await screen.findByRole('table', { name: 'Graph files' });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET', `/api/Jobs/Graphs/${FIRST.id}`)).toHaveLength(1));

    await user.click(within(rowOf('RUN_2.csv')).getByText('TORQUE-RUN'));
    await waitFor(() => expect(rowOf('RUN_2.csv')).toHaveAttribute('aria-selected', 'true'));
    expect(rowOf('RUN_1.csv')).toHaveAttribute('aria-selected', 'false');
    expect(router.state.location.search).toBe(`?graph=${SECOND.id}`);
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET', `/api/Jobs/Graphs/${SECOND.id}`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('chart').closest(`[data-graph-id="${SECOND.id}"]`)).not.toBeNull(),
    );

    // The file name's button selects as well.
    await user.click(screen.getByRole('button', { name: 'RUN_1.csv' }));
    await waitFor(() => expect(rowOf('RUN_1.csv')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('button', { name: 'RUN_1.csv' })).toHaveAttribute('aria-pressed', 'true');
  });
});
