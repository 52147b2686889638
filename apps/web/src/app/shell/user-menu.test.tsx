import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { UserMenu } from './user-menu';

function openMenu() {
  const router = createMemoryRouter([{ path: '/', element: <UserMenu /> }], { initialEntries: ['/'] });
  renderWithProviders(<RouterProvider router={router} />, { me: testMe() });
}

describe('user menu', () => {
  // The browser is never idle here: the menu loads on the user's gesture alone, however long the steps
  // before it take in a busy run (else it could arrive first and a click fall on the button it replaced).
  beforeAll(() => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('shows its button at once, and opens at the first click even before its menu has loaded', async () => {
    // No hover first: pointing at the button loads the menu too, which could then take the place of the
    // button this test holds before it is pressed.
    const user = userEvent.setup({ skipHover: true });
    openMenu();
    const button = screen.getByRole('button', { name: 'Ada Lovelace, user menu' });
    // Mantine names its menu target by an id; the first button has none.
    expect(button).not.toHaveAttribute('id');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    // The menu's module is loaded on this click: the first import of it in a busy run takes a while.
    expect(
      await screen.findByRole('menuitem', { name: 'Configuration settings' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out in all tabs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lovelace, user menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Closed with Escape, the menu gives the focus back to its button, as when it was there from the start.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('menuitem', { name: 'Configuration settings' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Ada Lovelace, user menu' })).toHaveFocus();
  });

  it('keeps the keyboard focus on its button when the menu takes its place', async () => {
    const user = userEvent.setup();
    openMenu();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ada Lovelace, user menu' })).toHaveFocus();
    // Focusing the button loads the menu; the button is then Mantine's menu target, focused still.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ada Lovelace, user menu' })).toHaveAttribute('id'),
    );
    expect(screen.getByRole('button', { name: 'Ada Lovelace, user menu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Configuration settings' })).toBeInTheDocument();
  });

  it('opens once when the menu arrives while the button is held down, and stays open', async () => {
    const user = userEvent.setup();
    openMenu();
    const button = screen.getByRole('button', { name: 'Ada Lovelace, user menu' });
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    // The menu's chunk arrives during the press: the button under the pointer is not swapped yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Ada Lovelace, user menu' })).toBe(button);
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(await screen.findByRole('menuitem', { name: 'Configuration settings' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('menuitem', { name: 'Configuration settings' })).toBeVisible();
  });
});
