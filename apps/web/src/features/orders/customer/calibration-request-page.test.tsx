import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { CALIBRATION_OPTIONS, ORDER } from '../../../testing/order-fixtures';
import { CalibrationRequestPage } from './calibration-request-page';

const device = (serialNumber: string, openOrder: { id: number; number: string } | null = null) => ({
  serialNumber,
  deviceType: 'TPMS-TOOL',
  description: null,
  status: 'Expired' as const,
  endOfValidityDate: '2026-11-01',
  priceMinor: 8900,
  openOrder,
});
const WORKSHOP = {
  id: 7,
  label: 'Workshop',
  address: ORDER.pickupAddress,
  defaultPickup: true,
  defaultBilling: true,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function stubRequest(
  created: { status?: number; body: unknown } = { status: 201, body: { id: 43, number: 'ORD-2026-0043' } },
) {
  return stubFetch({
    'GET /api/CalibrationRequest/Options': { body: CALIBRATION_OPTIONS },
    'GET /api/CalibrationRequest/Devices': {
      body: {
        devices: [device('TQW8C9311700001'), device('TQW8C9311700003', { id: 40, number: 'ORD-2026-0040' })],
        totalCount: 2,
        currency: 'EUR',
      },
    },
    'GET /api/Addresses': { body: { addresses: [WORKSHOP] } },
    'POST /api/Orders/Preview': {
      body: { currency: 'EUR', lines: [ORDER.lines[0]], totalMinor: 8900 },
    },
    'POST /api/Orders': created,
  });
}

function open() {
  return renderRoute(
    [
      { path: '/request', element: <CalibrationRequestPage /> },
      { path: '/order-request-quote/:orderId', element: <p>Quote request</p> },
    ],
    '/request',
    'customer-engineering-user',
    { me: { wholeFleet: false } },
  );
}

/** Chooses the device, the center and the default address, and reaches the priced review. */
async function reachReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Calibrate TQW8C9311700001' }));
  expect(screen.getByText('1 device chosen')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('combobox', { name: /^Service center/ }));
  await user.click(await screen.findByRole('option', { name: 'Nantes service center' }));
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /^Pick-up address/ })).toHaveValue('Workshop'),
  );
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('button', { name: 'Pay €89.00' });
}

describe('a calibration request', { timeout: 30_000 }, () => {
  it('offers the due devices, a device already in an order not to be chosen', async () => {
    stubRequest();
    open();
    const table = await screen.findByRole('table', { name: 'Devices to calibrate' });
    const free = within(table).getByRole('row', { name: /TQW8C9311700001/ });
    expect(within(free).getByRole('cell', { name: '€89.00' })).toBeVisible();
    const taken = within(table).getByRole('row', { name: /TQW8C9311700003/ });
    expect(within(taken).getByText('In order ORD-2026-0040')).toBeVisible();
    expect(within(taken).getByRole('checkbox', { name: 'Calibrate TQW8C9311700003' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('prices the chosen devices at the chosen center, then asks for a quote with the terms accepted', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubRequest();
    const router = open();
    await reachReview(user);
    const [previewed] = requestsTo(fetchSpy, 'POST', '/api/Orders/Preview');
    expect(JSON.parse(String(previewed?.init?.body))).toEqual({
      serialNumbers: ['TQW8C9311700001'],
      serviceCenterId: 3,
      pickupAddressId: 7,
    });
    expect(screen.getByRole('table', { name: 'Order lines' })).toHaveTextContent('TPMS tool calibration');
    await user.type(screen.getByRole('textbox', { name: 'What you need' }), 'A spare battery too');
    await user.type(screen.getByRole('textbox', { name: 'Your purchase-order reference' }), 'PO-779');
    await user.click(screen.getByRole('button', { name: 'Ask for a quote' }));
    // Never placed without the terms.
    expect(screen.getByText('Accept the terms to order.')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Orders')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Ask for a quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-request-quote/43'));
    const [placed] = requestsTo(fetchSpy, 'POST', '/api/Orders');
    expect(JSON.parse(String(placed?.init?.body))).toEqual({
      serialNumbers: ['TQW8C9311700001'],
      serviceCenterId: 3,
      pickupAddressId: 7,
      billingAddressId: 7,
      paymentMethodType: 'card',
      intent: 'quote',
      acceptedTermsVersion: CALIBRATION_OPTIONS.termsVersion,
      quoteMessage: 'A spare battery too',
      purchaseOrder: 'PO-779',
    });
  });

  it("puts the server's refusal of the reference under it, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubRequest({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.purchaseOrder: must be at most 60 characters',
        details: [
          {
            field: 'body.purchaseOrder',
            message: 'must be at most 60 characters',
            rule: { kind: 'too_long', limit: 60 },
          },
        ],
      },
    });
    open();
    await reachReview(user);
    await user.type(screen.getByRole('textbox', { name: 'Your purchase-order reference' }), 'PO-779');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Ask for a quote' }));
    expect(await screen.findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(
      screen.getByRole('textbox', { name: 'Your purchase-order reference' }),
    ).toHaveAccessibleDescription('At most 60 characters');
    expect(screen.queryByText(/body\.|Invalid|must be/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask for a quote' })).toBeEnabled();
  });
});
