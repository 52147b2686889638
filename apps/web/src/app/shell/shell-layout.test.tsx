import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { ShellLayout } from './shell-layout';
import { initials } from './user-menu';

function open() {
  const router = createMemoryRouter(
    [
      {
        element: <ShellLayout />,
        children: [{ path: '/user-space', element: <button type="button">First in the page</button> }],
      },
    ],
    { initialEntries: ['/user-space'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { me: testMe() });
  return router;
}

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
  });
});

describe('shell', () => {
  it('has a skip link as the first tab stop, which moves the focus to the main content', async () => {
    const user = userEvent.setup();
    const router = open();
    await screen.findByRole('button', { name: 'Ada Lovelace, user menu' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(router.state.location.hash).toBe('');
    await user.tab();
    expect(screen.getByRole('button', { name: 'First in the page' })).toHaveFocus();
  });

  it('names the user menu by the user name it shows (WCAG 2.5.3), and the home link by the product', async () => {
    open();
    const button = await screen.findByRole('button', { name: 'Ada Lovelace, user menu' });
    expect(button).toHaveTextContent(/^Ada Lovelace$/);
    expect(button.querySelector('[data-initials="AL"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: /^Fleet Console/ })).toHaveAttribute('href', '/');
  });

  it('puts the footer after the main content, in the page flow', async () => {
    open();
    const footer = await screen.findByRole('contentinfo');
    const main = screen.getByRole('main');
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(footer.closest('.mantine-AppShell-footer')).toBeNull();
    expect(footer).toHaveTextContent('© 2023 Fleet Console');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words, ignoring punctuation', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Administrator (demo)')).toBe('AD');
    expect(initials('émile zola jr')).toBe('ÉZ');
    expect(initials('support')).toBe('S');
  });
});
