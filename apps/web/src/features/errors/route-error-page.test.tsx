import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { RouteErrorPage } from './route-error-page';

function Broken(): never {
  throw new Error('the screen broke');
}

describe('a screen that fails', () => {
  it('says something went wrong, without the error itself, and offers to reload', () => {
    // React says the error it caught on the console: not this test's business.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(
      [{ path: '/broken', element: <Broken />, errorElement: <RouteErrorPage /> }],
      '/broken',
      'series-user',
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
    expect(screen.getByText('This screen could not be shown.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    expect(screen.queryByText(/the screen broke/)).toBeNull();
  });
});
