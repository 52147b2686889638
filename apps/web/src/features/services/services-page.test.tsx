import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { ServicesPage } from './services-page';

function open(role: Parameters<typeof renderRoute>[2]) {
  return renderRoute(
    [
      { path: '/services', element: <ServicesPage /> },
      { path: '/notfound', element: <p>not found</p> },
    ],
    '/services',
    role,
  );
}

const toolLink = (title: string) =>
  within(screen.getByRole('region', { name: title })).getByRole('link', { name: 'Open' });

describe('the services', () => {
  it("show a customer's engineer the calibration request, the address book and their orders", () => {
    open('customer-engineering-manager');
    expect(screen.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    expect(toolLink('Calibration request')).toHaveAttribute('href', '/services/calibration-request');
    expect(toolLink('Address book')).toHaveAttribute('href', '/services/my_address_book');
    expect(toolLink('My orders')).toHaveAttribute('href', '/user/orders');
    expect(screen.queryByRole('region', { name: 'Accounting' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders management' })).toBeNull();
  });

  it('lead to /notfound when no service is open to the account, as any route without its right', () => {
    const router = open('series-user');
    expect(router.state.location.pathname).toBe('/notfound');
    expect(screen.getByText('not found')).toBeVisible();
  });
});
