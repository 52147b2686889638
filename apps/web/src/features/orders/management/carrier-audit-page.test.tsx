import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { CarrierAuditPage } from './carrier-audit-page';

const billed = (
  id: number,
  trackingNumber: string,
  billedChargeMinor: number,
  auditStatus: 'pending' | 'matched',
) => ({
  id,
  orderId: 42,
  orderNumber: 'ORD-2026-0042',
  companyName: 'Analytical Engines',
  direction: 'inbound' as const,
  carrier: 'Sandbox global',
  trackingNumber,
  status: 'delivered' as const,
  weightGrams: 2400,
  pickupDate: '2026-11-23',
  currency: 'EUR',
  expectedChargeMinor: 2400,
  billedChargeMinor,
  billingReason: auditStatus === 'pending' ? 'weight_correction' : null,
  auditStatus,
  customsDeclaration: null,
  createdAt: '2026-11-22T10:00:00.000Z',
});

describe('the carrier audit', { timeout: 30_000 }, () => {
  it('shows what the carrier billed against the rate, and accepts a difference once reviewed', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubFetch({
      'GET /api/Shop/CarrierAudit': {
        body: {
          packages: [billed(5, 'SBX000005', 3150, 'pending'), billed(6, 'SBX000006', 2400, 'matched')],
          totalCount: 2,
        },
      },
      'PUT /api/Shop/CarrierAudit/5': { status: 204 },
    });
    renderRoute([{ path: '/audit', element: <CarrierAuditPage /> }], '/audit', 'support-manager');
    const table = await screen.findByRole('table', { name: 'Carrier charges' });
    const pending = within(table).getByRole('row', { name: /SBX000005/ });
    expect(within(pending).getByRole('cell', { name: '€31.50' })).toBeVisible();
    expect(within(pending).getByRole('cell', { name: '€7.50' })).toBeVisible();
    expect(within(pending).getByRole('cell', { name: 'Weight correction' })).toBeVisible();
    expect(within(pending).getByText('To review')).toBeVisible();
    const matched = within(table).getByRole('row', { name: /SBX000006/ });
    expect(within(matched).getByText('Matches the rate')).toBeVisible();
    expect(within(matched).queryByRole('button')).toBeNull();
    await user.click(within(pending).getByRole('button', { name: 'Accept SBX000005' }));
    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT', '/api/Shop/CarrierAudit/5')).toHaveLength(1));
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Shop/CarrierAudit/5');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ status: 'accepted' });
  });
});
