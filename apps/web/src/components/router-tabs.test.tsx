import type { RoleCode } from '@fleet/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';
import { RouterTabs, type RouterTab } from './router-tabs';

const TABS: RouterTab[] = [
  { label: 'Live', path: '/area/live', aliases: ['/area/current'], feature: 'JOBS.LIST' },
  { label: 'Admins only', path: '/area/admins', feature: 'JOBS.LIST', roles: ['administrator'] },
  { label: 'Needs a context', path: '/area/context', feature: 'JOBS.LIST', isContextValid: () => false },
  { label: 'Archived', path: '/area/archived', feature: 'JOBS.LIST.ARCHIVED' },
];

function open(url: string, roles: RoleCode[], onUnauthorizedRoute?: (path: string) => void) {
  const area = (
    <RouterTabs tabs={TABS} label="Area tabs" {...(onUnauthorizedRoute ? { onUnauthorizedRoute } : {})} />
  );
  const router = createMemoryRouter(
    [{ path: '/area', element: area, children: [{ path: '*', element: <p>content</p> }] }],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />, { me: testMe({ roles }) });
  return router;
}

describe('router tabs (jobs §2)', () => {
  it('show the tabs of the user’s role, feature and context, and select a tab by its alias too', async () => {
    open('/area/current', ['support-user']);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Live', 'Archived']);
    expect(screen.getByRole('tab', { name: 'Live' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('lead a route that is no allowed tab to the first allowed one', async () => {
    const router = open('/area/admins', ['support-user']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/area/live'));
  });

  it('or tell who asks, with the first allowed tab’s route', async () => {
    const unauthorized = vi.fn();
    const router = open('/area/context', ['administrator'], unauthorized);
    await waitFor(() => expect(unauthorized).toHaveBeenCalledWith('/area/live'));
    expect(router.state.location.pathname).toBe('/area/context');
  });
});
