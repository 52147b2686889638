import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

// ECharts draws on a canvas, which jsdom lacks.
vi.mock('echarts-for-react/esm/core', () => ({ default: () => <div data-testid="chart" /> }));

const counts = { delivered: 0, answered: 0, responseRate: null, answers: 0, averageScore: null };

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Esat/Options': {
      body: { questions: [{ code: 'overall', position: 1, active: true }], serviceCenters: [] },
    },
    'GET /api/Esat/Statistics': {
      body: { grouping: 'month', totals: counts, overTime: [], byServiceCenter: [], byQuestion: [] },
    },
    'GET /api/Esat/Answers': { body: { answers: [], totalCount: 0 } },
  });
});

describe('the import of survey results', () => {
  it('opens for an external ESAT user', async () => {
    const router = renderRoute(routes, '/tool/statistics/esat/import', 'external-esat');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(
      await screen.findByRole('tab', { name: 'Import', selected: true }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/tool/statistics/esat/import');
  });

  it('does not open for a reader of the figures, even by a typed address', async () => {
    const router = renderRoute(routes, '/tool/statistics/esat/import', 'esat-stat-viewer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/statistics/esat/overview'), {
      timeout: 10_000,
    });
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Import' })).toBeNull();
  });
});
