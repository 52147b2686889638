import { PAGING_HEADERS, type Accessory } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testMe } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/providers';
import { AccessoriesPage } from './accessories-page';

function accessory(index: number): Accessory {
  return {
    id: index,
    serialNumber: `CLMPA${String(index).padStart(10, '0')}`,
    partNumber: 'CLMPA00000',
    description: index === 1 ? null : `Clamp ${index}`,
    seriesSerialNumber: index === 1 ? null : 'ALIGN0000000001',
    registrationDate: '2025-06-30T22:30:00.000Z',
  };
}

/** Three pages of two, behind cursors as opaque as the server's. */
const PAGES: Record<string, Accessory[]> = {
  first: [accessory(1), accessory(2)],
  p2: [accessory(3), accessory(4)],
  last: [accessory(5), accessory(6)],
};
const NEIGHBOURS: Record<string, [string | null, string | null]> = {
  first: [null, 'p2'],
  p2: ['first', 'last'],
  last: ['p2', null],
};

function serve() {
  return stubFetch({
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Accessories': (request) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? 'first';
      const [previous, next] = NEIGHBOURS[cursor]!;
      return {
        body: { data: PAGES[cursor] },
        headers: {
          [PAGING_HEADERS.firstPage]: 'first',
          [PAGING_HEADERS.lastPage]: 'last',
          [PAGING_HEADERS.hasPrevious]: previous ? 'True' : 'False',
          [PAGING_HEADERS.hasNext]: next ? 'True' : 'False',
          [PAGING_HEADERS.previousPage]: previous ?? '',
          [PAGING_HEADERS.nextPage]: next ?? '',
        },
      };
    },
  });
}

function openAccessories(url = '/series/accessories') {
  const router = createMemoryRouter([{ path: '/series/accessories', element: <AccessoriesPage /> }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />, { me: testMe() });
  return router;
}

const firstCardName = () => screen.getAllByRole('article')[0]?.getAttribute('aria-label');

describe('accessories list', () => {
  it('shows accessory cards with their links and no online status', async () => {
    const fetchSpy = serve();
    openAccessories();
    const attached = within(await screen.findByRole('article', { name: 'CLMPA0000000002' }));
    expect(attached.getByRole('link', { name: 'CLMPA0000000002' })).toHaveAttribute(
      'href',
      '/accessory/CLMPA0000000002',
    );
    expect(attached.getByRole('link', { name: 'ALIGN0000000001' })).toHaveAttribute(
      'href',
      '/serie/ALIGN0000000001',
    );
    expect(attached.getByText('Clamp 2')).toBeInTheDocument();
    expect(attached.getByText('Part number CLMPA00000')).toBeInTheDocument();
    expect(attached.getByText(/^Registered on \d\d\/\d\d\/2025$/)).toBeInTheDocument();
    expect(attached.queryByRole('img', { name: /Online|Offline/ })).not.toBeInTheDocument();

    const loose = within(screen.getByRole('article', { name: 'CLMPA0000000001' }));
    expect(loose.getByText('not attached')).toBeInTheDocument();
    expect(loose.getByText('No description')).toBeInTheDocument();

    const request = new URL(
      String(fetchSpy.mock.calls.find(([input]) => String(input).includes('Accessories'))?.[0]),
      'http://x',
    );
    expect(request.search).toBe('?PageSize=10&SortColumnName=SerialNumber&SortOrder=ASC');
  });

  it('pages with the cursors of the paging headers and keeps the cursor in the URL', async () => {
    serve();
    const user = userEvent.setup();
    const router = openAccessories();
    await screen.findByRole('article', { name: 'CLMPA0000000001' });
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('article', { name: 'CLMPA0000000003' });
    expect(router.state.location.search).toContain('cursor=p2');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByRole('article', { name: 'CLMPA0000000005' });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('article', { name: 'CLMPA0000000003' });
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(firstCardName()).toBe('CLMPA0000000001'));
  });

  it('opens at the page of the cursor in the URL, and goes back to the first page when the sort changes', async () => {
    serve();
    const user = userEvent.setup();
    const router = openAccessories('/series/accessories?cursor=p2');
    await screen.findByRole('article', { name: 'CLMPA0000000003' });
    await user.click(screen.getByRole('textbox', { name: 'Sort order' }));
    await user.click(await screen.findByRole('option', { name: 'Descending' }));
    await waitFor(() => expect(router.state.location.search).toContain('sortOrder=DESC'));
    expect(router.state.location.search).not.toContain('cursor');
  });
});
