import type { TableSort } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { DataTable, type DataColumn, type RowClick } from './data-table';

interface Row {
  id: string;
  name: string;
  email: string;
}
const rows: Row[] = [
  { id: 'a', name: 'Ada', email: 'ada@example.com' },
  { id: 'b', name: 'Bob', email: 'bob@example.com' },
];
const columns: DataColumn<Row>[] = [
  { prop: 'name', label: 'Name', sortable: true, sortBy: 'Name', cell: (row) => row.name },
  { prop: 'email', label: 'Email', roles: ['administrator'], cell: (row) => row.email },
  { prop: 'price', label: 'Price', feature: 'SHOPPING.MANAGE', cell: () => '1 €' },
];

function Table({
  rowClick,
}: {
  rowClick?: (selected: string | null, set: (k: string | null) => void) => RowClick<Row>;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'Name', order: 'ASC' });
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <DataTable
        label="People"
        columns={columns}
        items={rows}
        rowKey={(row) => row.id}
        sort={{ state: sort, onSort: setSort }}
        rowClick={rowClick?.(selected, setSelected)}
      />
      <output aria-label="state">{`${sort.column} ${sort.order} ${selected ?? '-'}`}</output>
    </>
  );
}

const state = () => screen.getByRole('status', { name: 'state' }).textContent;

describe('the one table', () => {
  it('shows a column only to the roles it names and where its feature is usable (jobs §6)', () => {
    renderRoute([{ path: '/', element: <Table /> }], '/', 'customer-engineering-user');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name▲']);
  });

  it('toggles the order from a sortable header and says it (aria-sort)', async () => {
    renderRoute([{ path: '/', element: <Table /> }], '/', 'administrator');
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Email' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(name).getByRole('button'));
    expect(state()).toBe('Name DESC -');
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });

  it('selects a row on click (select), and a second click keeps it', async () => {
    renderRoute(
      [
        {
          path: '/',
          element: <Table rowClick={(selected, set) => ({ mode: 'select', selected, onSelect: set })} />,
        },
      ],
      '/',
      'administrator',
    );
    const [, ada] = screen.getAllByRole('row');
    await userEvent.click(within(ada!).getByText('Ada'));
    expect(state()).toBe('Name ASC a');
    expect(ada).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(ada!).getByText('Ada'));
    expect(state()).toBe('Name ASC a');
  });

  it('unselects on a second click when the selection can be cancelled, from the keyboard too', async () => {
    const user = userEvent.setup();
    renderRoute(
      [
        {
          path: '/',
          element: (
            <Table rowClick={(selected, set) => ({ mode: 'select-cancellable', selected, onSelect: set })} />
          ),
        },
      ],
      '/',
      'administrator',
    );
    const [, , bob] = screen.getAllByRole('row');
    await user.click(within(bob!).getByText('Bob'));
    expect(state()).toBe('Name ASC b');
    bob!.focus();
    await user.keyboard('{Enter}');
    expect(state()).toBe('Name ASC -');
  });
});
