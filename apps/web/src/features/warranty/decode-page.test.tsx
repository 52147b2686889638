import type { WarrantyDecodeAnswer } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { DecodePage } from './decode-page';

const CODE = 'W0A1B2C3D4E5';

const DECODED: WarrantyDecodeAnswer = {
  code: CODE,
  valid: true,
  problem: null,
  day: '2026-11-18',
  claim: 3,
  job: {
    id: 'job-812',
    archived: false,
    beginDate: '2026-11-18T08:15:00.000Z',
    workflow: 'TPMS check',
    ro: 'RO-5521',
    bac: null,
    vin: 'VF1RFB00X56789012',
  },
  device: { serialNumber: 'TQW8C9311700042', deviceType: 'TPMS tool' },
  deviceMatches: true,
  matches: { ro: true, bac: null, vin: false },
};

function open(role: 'customer-warranty-user' | 'support-user', path = '/decode') {
  return renderRoute([{ path: '/decode', element: <DecodePage /> }], path, role);
}

describe('decoding a warranty code', () => {
  it("sends the code and the references given, and compares them with the job's", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({ [`GET /api/WarrantyCode/${CODE}`]: { body: DECODED } });
    const router = open('customer-warranty-user');
    const decode = await screen.findByRole('button', { name: 'Decode' });
    expect(decode).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Warranty code/ }), ` ${CODE} `);
    await user.type(screen.getByRole('textbox', { name: 'Repair order (RO)' }), 'RO-5521');
    await user.type(screen.getByRole('textbox', { name: 'VIN' }), 'VF1RFB00X00000000');
    await user.click(decode);

    const result = await screen.findByRole('region', { name: 'Decoded code' });
    expect(within(result).getByText('Valid code')).toBeVisible();
    expect(within(result).getByRole('link', { name: 'TQW8C9311700042' })).toBeVisible();
    const references = within(result).getByRole('table', { name: 'References' });
    const row = (name: string) => within(references).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(within(row('Repair order')).getByText('Matches')).toBeVisible();
    expect(within(row('VIN')).getByText('Differs')).toBeVisible();
    expect(within(row('Battery code')).getByText('Not compared')).toBeVisible();

    const [sent] = requestsTo(fetchSpy, 'GET', `/api/WarrantyCode/${CODE}`);
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({ ro: 'RO-5521', vin: 'VF1RFB00X00000000' });
    // The address keeps what was decoded, so that it can be shared.
    expect(new URLSearchParams(router.state.location.search).get('warrantycode')).toBe(CODE);
  });

  it('says why a code is not valid, in the user’s words', async () => {
    stubFetch({
      'GET /api/WarrantyCode/W0A1B2C3D4E6': {
        body: {
          ...DECODED,
          code: 'W0A1B2C3D4E6',
          valid: false,
          problem: 'check',
          day: null,
          claim: null,
          job: null,
          device: null,
          deviceMatches: null,
          matches: { ro: null, bac: null, vin: null },
        },
      },
    });
    open('support-user', '/decode?warrantycode=W0A1B2C3D4E6');
    const title = await screen.findByText('W0A1B2C3D4E6 is not a valid warranty code');
    const alert = screen.getByRole('status');
    expect(alert).toContainElement(title);
    expect(alert).toHaveTextContent('Its check character does not match: a character was mistyped.');
    expect(screen.queryByRole('region', { name: 'Decoded code' })).toBeNull();
  });

  it('warns when the job carrying the code is not of the device the code names', async () => {
    stubFetch({ [`GET /api/WarrantyCode/${CODE}`]: { body: { ...DECODED, deviceMatches: false } } });
    open('support-user', `/decode?warrantycode=${CODE}`);
    expect(await screen.findByText('Made by another device')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Warranty code/ })).toHaveValue(CODE));
  });
});
