import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { ServicesPage } from './services-page';

function open(role: Parameters<typeof renderRoute>[2]) {
  renderRoute([{ path: '/services', element: <ServicesPage /> }], '/services', role);
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

  it('say so when no service is open to the account', () => {
    open('series-user');
    expect(screen.getByText('No service is open to your account.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open' })).toBeNull();
  });
});
