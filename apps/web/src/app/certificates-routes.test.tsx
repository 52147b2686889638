import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Certificates': { body: { certificates: [], totalCount: 0 } },
  });
});

describe('the quality checks of certificates', () => {
  it('open for a role that reviews certificates', async () => {
    const router = renderRoute(routes, '/tool/certificates/quality-checks', 'support-manager');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    const tab = await screen.findByRole(
      'tab',
      { name: 'Quality checks', selected: true },
      { timeout: 10_000 },
    );
    expect(tab).toBeVisible();
    expect(router.state.location.pathname).toBe('/tool/certificates/quality-checks');
  });

  it('do not open for a role that sees certificates but does not review them, even by a typed address', async () => {
    const router = renderRoute(routes, '/tool/certificates/quality-checks', 'factory-user');
    // The area leads to the first tab the user may open, as it does for any tab they may not.
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/certificates/findIssue'), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('tab', { name: 'Quality checks' })).toBeNull();
  });
});
