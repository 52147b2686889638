import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { TermsPage } from './terms-page';

function open(path: string) {
  return renderRoute(
    [
      { path: '/terms-and-conditions/:versionNumber', element: <TermsPage /> },
      { path: '/notfound', element: <p>Nothing here</p> },
    ],
    path,
    'customer-engineering-user',
  );
}

describe('the terms and conditions', () => {
  it('show the last version with its sections', () => {
    open('/terms-and-conditions/last-version');
    expect(screen.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
    expect(screen.getByText(/^Version 2, in force since/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '1. Scope' })).toBeVisible();
    expect(screen.getByRole('heading', { name: '9. Changes' })).toBeVisible();
  });

  it('show an earlier version by its number, without the sections added since', () => {
    open('/terms-and-conditions/1');
    expect(screen.getByText(/^Version 1, in force since/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: '9. Changes' })).toBeNull();
  });

  it('lead a version that does not exist to the page not found', async () => {
    const router = open('/terms-and-conditions/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'));
    expect(screen.getByText('Nothing here')).toBeVisible();
  });
});
