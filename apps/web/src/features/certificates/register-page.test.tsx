import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { RegisterPage } from './register-page';

const CERTIFICATE = {
  id: 7,
  number: 'CAL-2026-001',
  serialNumber: 'TQW8C9311700001',
  documentSerialNumber: null,
  calibrationDate: '2026-11-20',
  endOfValidityDate: '2027-11-20',
  checkPassed: true,
  laboratory: null,
  hasDocument: false,
  registeredAt: '2026-11-27T10:00:00.000Z',
  registeredBy: 'Factory manager',
  quality: 'pending',
  qualityNote: null,
};

function open() {
  renderRoute([{ path: '/register', element: <RegisterPage /> }], '/register', 'factory-manager');
}

describe('registering a certificate', () => {
  it('refuses a number longer than the contract allows, under the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({ 'POST /api/Certificates': { status: 201, body: CERTIFICATE } });
    open();
    const number = await screen.findByRole('textbox', { name: /^Certificate number/ });
    await user.click(number);
    await user.paste('N'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(number).toHaveAccessibleDescription(/At most 64 characters/);
    expect(requestsTo(fetchSpy, 'POST', '/api/Certificates')).toHaveLength(0);
  });

  it('sends the fields and the document, then starts a new form', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({ 'POST /api/Certificates': { status: 201, body: CERTIFICATE } });
    open();
    await user.type(
      await screen.findByRole('textbox', { name: /^Device serial number/ }),
      CERTIFICATE.serialNumber,
    );
    await user.type(screen.getByRole('textbox', { name: /^Certificate number/ }), CERTIFICATE.number);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(`Certificate ${CERTIFICATE.number} registered for ${CERTIFICATE.serialNumber}`),
    ).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Certificates');
    const body = sent?.init?.body as FormData;
    expect(body.get('number')).toBe(CERTIFICATE.number);
    expect(body.get('serialNumber')).toBe(CERTIFICATE.serialNumber);
    expect(body.get('validityMonths')).toBe('12');
    expect(body.get('documentSerialNumber')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Certificate number/ })).toHaveValue('');
  });
});
