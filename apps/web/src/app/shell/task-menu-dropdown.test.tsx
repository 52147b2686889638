import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListExportPanel } from '../../components/list-export-panel';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { TaskMenuDropdown } from './task-menu-dropdown';

const REQUESTED = 'Export requested. Follow it in the task list at the top right.';

function open() {
  stubFetch({ 'GET /api/Task': { body: { data: [] } } });
  const page = (
    <>
      <TaskMenuDropdown />
      <ListExportPanel
        task="stores-export"
        defaultDescription="Stores of Lyon"
        filters={{}}
        request={async () => ({ requestId: 'task-1' })}
        blocked={null}
      />
    </>
  );
  renderRoute([{ path: '/stores/export', element: page }], '/stores/export', 'support-user');
}

describe('the toast of a queued export', () => {
  it('stays away from the top bar and closes when the task list it points to opens', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export' }));

    const toast = await screen.findByText(REQUESTED);
    // The task list's button is at the top right of the top bar: the toasts are at the bottom.
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');

    await user.click(screen.getByRole('button', { name: /^Tasks/ }));
    expect(await screen.findByRole('link', { name: 'All tasks' })).toBeVisible();
    // At once, well before the 5 s after which it would close by itself.
    await waitFor(() => expect(screen.queryByText(REQUESTED)).toBeNull(), { timeout: 1_000 });
  });

  it('shows one toast for two exports in a row', async () => {
    open();
    const user = userEvent.setup();
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    await user.click(exportButton);
    await screen.findByText(REQUESTED);
    await user.click(exportButton);
    await waitFor(() => expect(screen.getAllByText(REQUESTED)).toHaveLength(1));
  });

  it('opens the task list 520 px wide, at most the width of a narrower screen', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Tasks/ }));
    const all = await screen.findByRole('link', { name: 'All tasks' });
    const dropdown = all.closest<HTMLElement>('.mantine-Popover-dropdown')!;
    // Mantine writes widths in rem (16 px each).
    const rem = /^calc\(([\d.]+)rem \* var\(--mantine-scale\)\)$/.exec(dropdown.style.width);
    expect(Number(rem?.[1]) * 16).toBe(520);
    expect(dropdown.style.maxWidth).toBe('calc(100vw - 16px)');
  });
});
