import { usableFeatures, type RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';
import { accessory, seriesDetail } from '../testing/series-fixtures';
import { routes } from './routes';

const DEVICE = 'ALIGN0000000001';
const ACCESSORY = 'ALIGA0000000042';

function open(path: string, role: RoleCode) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const me = testMe({ roles: [role], features: usableFeatures([role]) });
  renderWithProviders(<RouterProvider router={router} />, { me });
  return router;
}

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    [`GET /api/Series/${DEVICE}`]: { body: seriesDetail() },
    'POST /api/HeartBeat/status': { body: {} },
    [`GET /api/Accessories/by-sn/${ACCESSORY}`]: { body: accessory() },
  });
});

const tabNames = async (name: string) =>
  within(await screen.findByRole('tablist', { name }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('device and accessory routes', () => {
  it('lead a device to its info tab, with every tab for an administrator', async () => {
    const router = open(`/serie/${DEVICE}`, 'administrator');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${DEVICE}/info`));
    expect(await screen.findByRole('heading', { level: 1, name: DEVICE })).toBeInTheDocument();
    expect(await tabNames('Device tabs')).toEqual([
      'Details',
      'Jobs',
      'Users',
      'Screenshots',
      'Components and accessories',
      'Connection history',
      'Update history',
      'Configuration',
      'Certificates',
      'Geolocations',
    ]);
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  });

  it('show a customer only the tabs of the features they hold', async () => {
    open(`/serie/${DEVICE}/info`, 'customer-engineering-user');
    expect(await tabNames('Device tabs')).toEqual([
      'Details',
      'Jobs',
      'Users',
      'Screenshots',
      'Components and accessories',
      'Connection history',
      'Update history',
      'Certificates',
    ]);
  });

  it('send a tab the user may not use to the info tab', async () => {
    const router = open(`/serie/${DEVICE}/geolocations`, 'customer-engineering-user');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${DEVICE}/info`));
  });

  it('send an unknown device to the not-found screen', async () => {
    const router = open('/serie/ALIGN0000009999', 'administrator');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
  });

  it('send a user without the device details feature to not found', async () => {
    const router = open(`/serie/${DEVICE}`, 'dashboard-viewer');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
  });

  it('lead an accessory to its info tab', async () => {
    const router = open(`/accessory/${ACCESSORY}`, 'administrator');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/accessory/${ACCESSORY}/info`));
    expect(await screen.findByRole('heading', { level: 1, name: ACCESSORY })).toBeInTheDocument();
    expect(await tabNames('Accessory tabs')).toHaveLength(6);
  });
});
