import type { EsatStatistics, RoleCode } from '@fleet/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { stubFetch } from '../testing/fetch-stub';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';

// ECharts draws on a canvas, which jsdom lacks: each chart is replaced by one that keeps its props, in order.
const charts = vi.hoisted(() => ({ props: [] as EChartsReactProps[] }));
vi.mock('echarts-for-react/esm/core', () => ({
  default: function ChartStub(props: EChartsReactProps) {
    charts.props.push(props);
    return <div data-testid="chart" />;
  },
}));

const counts = (delivered: number, answered: number, averageScore: number | null) => ({
  delivered,
  answered,
  responseRate: delivered ? answered / delivered : null,
  answers: answered * 4,
  averageScore,
});

const STATISTICS: EsatStatistics = {
  grouping: 'month',
  totals: counts(20, 13, 4.1),
  overTime: [
    { period: '2026-01', ...counts(12, 8, 4.2) },
    { period: '2026-02', ...counts(8, 5, 3.9) },
  ],
  byServiceCenter: [
    { serviceCenter: { id: 7, code: 'LYON', name: 'Lyon center' }, ...counts(15, 10, 4.3) },
    { serviceCenter: { id: 9, code: 'COLUMBUS', name: 'Columbus center' }, ...counts(5, 3, 3.4) },
  ],
  byQuestion: [{ question: 'overall', answers: 13, averageScore: 4.1, scores: [0, 1, 2, 4, 6] }],
};

let statisticsAsked: URL[];
beforeEach(() => {
  charts.props = [];
  statisticsAsked = [];
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Esat/Options': {
      body: {
        questions: [{ code: 'overall', position: 1, active: true }],
        serviceCenters: [
          { id: 7, code: 'LYON', name: 'Lyon center' },
          { id: 9, code: 'COLUMBUS', name: 'Columbus center' },
        ],
      },
    },
    'GET /api/Esat/Statistics': (request) => {
      statisticsAsked.push(new URL(request.url));
      return { body: STATISTICS };
    },
    'GET /api/Esat/Answers': { body: { answers: [], totalCount: 0 } },
  });
});

function open(path: string, roles: RoleCode[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { me: testMe({ roles }) });
  return router;
}

describe('ESAT statistics screens', () => {
  it('lead a stat viewer to the figures, and a bar to the answers behind it', async () => {
    const router = open('/tool/statistics', ['esat-stat-viewer']);
    // The screens' chunks load on the way: the first visit takes longer.
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/statistics/esat/overview'), {
      timeout: 5000,
    });
    const figures = await screen.findByTestId('esat-figures');
    expect(within(figures).getByText('65%')).toBeInTheDocument();
    expect(within(figures).getByText('13 of 20 surveys answered')).toBeInTheDocument();
    expect(statisticsAsked[0]!.searchParams.get('Grouping')).toBe('month');
    expect(screen.queryByRole('tab', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter a survey' })).not.toBeInTheDocument();

    // The center chart is the second; its second bar is Columbus.
    await waitFor(() => expect(charts.props.length).toBeGreaterThanOrEqual(3));
    const centers = charts.props.at(-2)!;
    act(() => centers.onEvents!.click!({ dataIndex: 1, seriesIndex: 0 }, undefined));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/statistics/esat/answers'));
    expect(router.state.location.search).toBe('?ServiceCenter=9');
  });

  it('give each chart a table whose rows lead to the answers, and switch to years', async () => {
    const user = userEvent.setup();
    const router = open('/tool/statistics/esat/overview', ['administrator']);
    const card = await screen.findByRole('region', { name: 'Scores by question' });
    await user.click(within(card).getByText('Table'));
    const link = within(card).getByRole('link', { name: 'Overall satisfaction' });
    expect(link).toHaveAttribute('href', '/tool/statistics/esat/answers?Question=overall');
    // Its figures are read out beside the chart too.
    const time = screen.getByRole('region', { name: 'Average score and response rate over time' });
    expect(within(time).getByRole('img')).toHaveAccessibleDescription(/Jan 2026: 4\.20, 67%/);
    await user.click(within(time).getByText('Year'));
    await waitFor(() => expect(statisticsAsked.at(-1)!.searchParams.get('Grouping')).toBe('year'));
    expect(router.state.location.search).toBe('?grouping=year');
  });

  it('lead an external ESAT user to the answers they entered, the entry and the import', async () => {
    const router = open('/tool/statistics', ['external-esat']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/statistics/esat/answers'));
    expect(await screen.findByRole('tab', { name: 'Import' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Overview' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter a survey' })).toBeInTheDocument();
    expect(
      await screen.findByText('You have entered no survey answer matching these filters yet.'),
    ).toBeInTheDocument();
    expect(statisticsAsked).toEqual([]);
  });
});
