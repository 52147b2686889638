import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Updates/DeviceTypes': { body: { deviceTypes: [], totalCount: 0, typeMaxLength: 32 } },
    'GET /api/Configuration/Groups': { body: { groups: [] } },
    'GET /api/Certificates/Issues': { body: { issues: [], totalCount: 0 } },
  });
});

// Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
const LOADING = { timeout: 10_000 };

describe('the company tools', () => {
  it('open the versions to a devops manager', async () => {
    renderRoute(routes, '/version', 'devops-manager');
    expect(await screen.findByRole('heading', { name: 'Versions', level: 1 }, LOADING)).toBeVisible();
  });

  it('do not open the versions to a factory manager, even by a typed address', async () => {
    const router = renderRoute(routes, '/version', 'factory-manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), LOADING);
    expect(screen.queryByRole('heading', { name: 'Versions' })).toBeNull();
  });

  it('do not open the configuration to a support user', async () => {
    const router = renderRoute(routes, '/configuration/groups', 'support-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), LOADING);
  });

  it("do not open certificate templates or deliveries to an external calibrator: the area's first tab instead", async () => {
    const router = renderRoute(routes, '/tool/certificates/templates', 'external-calibrator');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tool/certificates/findIssue'), LOADING);
    expect(screen.queryByRole('tab', { name: 'Templates' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'New delivery' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Deliveries' })).toBeNull();
  });
});
