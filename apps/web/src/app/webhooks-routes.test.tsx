import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute, requestsTo } from '../testing/render-route';
import { CUSTOMER, MANAGER, OFF, ON } from '../testing/webhook-fixtures';
import { routes } from './routes';

const BASE = {
  'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
  'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
  'GET /api/Webhooks': { body: { endpoints: [ON, OFF] } },
};

// Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
const LOADING = { timeout: 10_000 };

beforeEach(() => {
  stubFetch(BASE);
});

describe('the webhooks', () => {
  it("list a customer's endpoints, one turned off with its reason, turned on again", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      ...BASE,
      'PUT /api/Webhooks/2': {
        body: { ...OFF, enabled: true, disabledReason: null, consecutiveFailures: 0 },
      },
    });
    renderRoute(routes, '/tool/webhooks', MANAGER, CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 1 }, LOADING)).toBeVisible();
    const row = (await screen.findByText(ON.url)).closest('tr')!;
    expect(within(row).getByText('Job received, Job failed')).toBeVisible();
    expect(screen.getByText('Turned off after 10 deliveries failed in a row')).toBeVisible();
    // A customer's endpoints are their company's: no company column.
    expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();
    await user.click(screen.getByRole('button', { name: `Re-enable ${OFF.url}` }));
    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT', '/api/Webhooks/2')).toHaveLength(1));
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Webhooks/2');
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      url: OFF.url,
      eventTypes: OFF.eventTypes,
      enabled: true,
    });
  });

  it('do not open for a support user, even by a typed address', async () => {
    const router = renderRoute(routes, '/tool/webhooks', 'support-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), LOADING);
  });
});
