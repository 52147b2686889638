import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { TaskMenuDropdown } from './task-menu-dropdown';

describe('the top bar task dropdown', () => {
  it('opens 520 px wide (spec §9)', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/Task/list-viewer': { body: { tasks: [] } } });
    renderRoute([{ path: '/', element: <TaskMenuDropdown /> }], '/', 'administrator');
    await user.click(screen.getByRole('button', { name: /^Tasks/ }));
    const title = await screen.findByText('Tasks', { selector: 'p' });
    const dropdown = title.closest('.mantine-Popover-dropdown');
    // Mantine writes 520 px in rem (16 px each) times its scale.
    expect((dropdown as HTMLElement).style.width).toBe(`calc(${520 / 16}rem * var(--mantine-scale))`);
  });
});
