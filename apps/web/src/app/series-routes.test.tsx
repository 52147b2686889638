import { usableFeatures } from '@fleet/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { testMe } from '../testing/fixtures';
import { renderWithProviders, type TestContext } from '../testing/providers';
import { routes } from './routes';

function open(path: string, context: TestContext) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, context);
  return router;
}

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Series/User': { body: { series: [], totalCount: 0 } },
    'GET /api/Accessories': { body: { data: [] } },
  });
});

const accessoriesOnly = testMe({
  features: usableFeatures(['customer-engineering-user']).filter((feature) => feature !== 'SERIES.LIST'),
});

describe('series area routes', () => {
  it('leads / to the devices list of a user who may use it', async () => {
    const router = open('/', { me: testMe() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/devices'));
    expect(await screen.findByRole('tab', { name: 'Devices', selected: true })).toBeInTheDocument();
  });

  it('leads /series to the devices tab, and the tabs switch between the lists', async () => {
    const user = userEvent.setup();
    const router = open('/series', { me: testMe() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/devices'));
    await user.click(await screen.findByRole('tab', { name: 'Accessories' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/accessories'));
    expect(await screen.findByRole('tab', { name: 'Accessories', selected: true })).toBeInTheDocument();
  });

  it('sends a route that is no allowed tab to the first allowed one, and hides a bar of one tab', async () => {
    const router = open('/series/devices?pageNumber=2', { me: accessoriesOnly });
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/accessories'));
    expect(await screen.findByRole('button', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('offers the Devices menu entry only to users who may use the series area', async () => {
    open('/user-space', { me: testMe() });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Devices' })).toHaveAttribute('href', '/series');
  });

  it('leaves the Devices menu entry out for others, and the menu when nothing is left', async () => {
    open('/user-space', { me: testMe({ roles: ['dashboard-viewer'] }) });
    expect(await screen.findByRole('heading', { name: 'User space' })).toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.queryByRole('link', { name: 'Devices' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Jobs' })).toBeInTheDocument();
    cleanup();
    // An external ESAT user on a server without the statistics (DISABLED_FEATURES) has no menu entry left.
    const features = usableFeatures(['external-esat']).filter((code) => !code.startsWith('STATISTICS'));
    open('/user-space', { me: testMe({ roles: ['external-esat'], features }) });
    expect(await screen.findByRole('heading', { name: 'User space' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('sends a user without the series feature to not found', async () => {
    const router = open('/series/devices?pageNumber=2', { me: testMe({ roles: ['dashboard-viewer'] }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
  });
});
