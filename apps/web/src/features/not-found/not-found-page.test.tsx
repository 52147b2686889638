import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { NotFoundPage } from './not-found-page';

describe('the page not found', () => {
  it('says the page does not exist or is closed, and leads back to the start', () => {
    renderRoute([{ path: '/notfound', element: <NotFoundPage /> }], '/notfound', 'series-user');
    expect(screen.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    expect(screen.getByText('This page does not exist, or you do not have access to it.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to start' })).toHaveAttribute('href', '/');
  });
});
