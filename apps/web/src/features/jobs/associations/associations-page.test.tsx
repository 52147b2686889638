import { PAGING_HEADERS, type JobAssociation } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute } from '../../../testing/render-route';
import { AssociationsPage } from './associations-page';

const association = (id: number, createdAt: string): JobAssociation => ({
  id,
  status: 1,
  failureReason: null,
  createdAt,
  startedAt: null,
  terminatedAt: null,
  seriesId: 7,
  serialNumber: 'TPT6G8758400288',
  associationMode: 0,
  associationSubject: 1,
  associationSubjectId: `subject-${id}`,
});

function open(url = '/jobs/associations') {
  const requests: URL[] = [];
  stubFetch({
    'GET /api/jobs/jobs-associations': (request) => {
      requests.push(new URL(request.url));
      return {
        body: {
          data: {
            data: [association(31, '2026-11-20T08:00:00.000Z'), association(30, '2026-11-19T08:00:00.000Z')],
          },
        },
        headers: { [PAGING_HEADERS.hasNext]: 'False', [PAGING_HEADERS.hasPrevious]: 'False' },
      };
    },
  });
  const router = renderRoute(
    [{ path: '/jobs/associations', element: <AssociationsPage /> }],
    url,
    'administrator',
  );
  return { router, requests };
}

describe('the associations list (jobs §2)', () => {
  it('selects the first row after a load and shows the card of the row clicked', async () => {
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('table', { name: 'Job associations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Association 31' })).toBeInTheDocument();
    await user.click(within(rows[1]!).getAllByRole('cell')[1]!);
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Association 30' })).toBeInTheDocument();
  });

  it('sorts by creation date from its header, newest first by default', async () => {
    const user = userEvent.setup();
    const { router, requests } = open();
    const header = await screen.findByRole('columnheader', { name: /Created/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toContain('sortOrder=ASC'));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('SortOrder')).toBe('ASC'));
  });

  it('filters by creation date: a period is sent as its first and last days', async () => {
    const { requests } = open('/jobs/associations?CreatedAt=2026-11-01/2026-11-10&CreatedAtOperator=range');
    await screen.findByRole('table', { name: 'Job associations' });
    const asked = requests.at(-1)!.searchParams;
    expect(asked.get('StartDate')).toBe('2026-11-01');
    expect(asked.get('EndDate')).toBe('2026-11-10');
    expect(screen.getByText(/^Created: 11\/01\/2026 – 11\/10\/2026$/)).toBeInTheDocument();
  });
});
