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

function serve(filtered: Accessory[] | null = null) {
  return stubFetch({
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Accessories': (request) => {
      const query = new URL(request.url).searchParams;
      if (query.has('AccessoriesSerialNumbers') || query.has('SeriesSerialNumber')) {
        const headers: Record<string, string> = { [PAGING_HEADERS.hasNext]: 'False' };
        return { body: { data: filtered ?? [] }, headers };
      }
      const cursor = query.get('cursor') ?? 'first';
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
    await user.click(screen.getByRole('combobox', { name: 'Sort order' }));
    await user.click(await screen.findByRole('option', { name: 'Descending' }));
    await waitFor(() => expect(router.state.location.search).toContain('sortOrder=DESC'));
    expect(router.state.location.search).not.toContain('cursor');
  });

  it('names the page only as far as it is known, since the server gives no total', async () => {
    serve();
    const user = userEvent.setup();
    openAccessories('/series/accessories?sortColumnName=Id');
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 3, the last one')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(await screen.findByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Page 3, the last one')).toBeInTheDocument();
    expect(screen.queryByText(/accessories$/)).not.toBeInTheDocument();
  });

  it('opens at a cursor it has not seen without inventing a page number', async () => {
    serve();
    openAccessories('/series/accessories?cursor=p2&sortOrder=DESC');
    await screen.findByRole('article', { name: 'CLMPA0000000003' });
    expect(screen.queryByText(/^Page \d/)).not.toBeInTheDocument();
  });

  it('asks for the page size chosen', async () => {
    const fetchSpy = serve();
    const user = userEvent.setup();
    const router = openAccessories();
    await screen.findByRole('article', { name: 'CLMPA0000000001' });
    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByRole('option', { name: '40' }));
    await waitFor(() => expect(router.state.location.search).toContain('pageSize=40'));
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(([input]) => String(input).includes('/api/Accessories?PageSize=40')),
      ).toBe(true),
    );
  });
});

describe('accessories filters', () => {
  const accessoryRequests = (fetchSpy: ReturnType<typeof stubFetch>) =>
    fetchSpy.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/Accessories');

  it('filters by accessory and device serial numbers from the URL, as tokens', async () => {
    const fetchSpy = serve([accessory(2)]);
    openAccessories(
      '/series/accessories?AccessoriesSerialNumbers=CLMPA0000000002&AccessoriesSerialNumbers=CLMPA0000000009&SeriesSerialNumber=ALIGN0000000001',
    );
    expect(await screen.findByRole('article', { name: 'CLMPA0000000002' })).toBeInTheDocument();
    expect(screen.getByText('Accessory serial number: CLMPA0000000002')).toBeInTheDocument();
    expect(screen.getByText('Accessory serial number: CLMPA0000000009')).toBeInTheDocument();
    expect(screen.getByText('Device serial number: ALIGN0000000001')).toBeInTheDocument();
    const [request] = accessoryRequests(fetchSpy);
    expect(request?.searchParams.getAll('AccessoriesSerialNumbers')).toEqual([
      'CLMPA0000000002',
      'CLMPA0000000009',
    ]);
    expect(request?.searchParams.get('SeriesSerialNumber')).toBe('ALIGN0000000001');
  });

  it('adds a typed serial number as an accessory serial number, and offers the device one', async () => {
    const fetchSpy = serve([accessory(4)]);
    const user = userEvent.setup();
    const router = openAccessories();
    await screen.findByRole('article', { name: 'CLMPA0000000001' });
    const input = screen.getByLabelText('Filter');
    await user.click(input);
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Accessory serial number', 'Device serial number']);
    await user.type(input, 'CLMPA0000000004{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toContain('AccessoriesSerialNumbers=CLMPA0000000004'),
    );
    expect(await screen.findByRole('article', { name: 'CLMPA0000000004' })).toBeInTheDocument();
    expect(accessoryRequests(fetchSpy).at(-1)?.searchParams.get('AccessoriesSerialNumbers')).toBe(
      'CLMPA0000000004',
    );
  });

  it('says when no accessory matches the filters, and clears them', async () => {
    serve([]);
    const user = userEvent.setup();
    const router = openAccessories('/series/accessories?SeriesSerialNumber=NOPE');
    expect(await screen.findByText('No accessory matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('SeriesSerialNumber'));
    expect(await screen.findByRole('article', { name: 'CLMPA0000000001' })).toBeInTheDocument();
  });
});
