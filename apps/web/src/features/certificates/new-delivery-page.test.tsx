import { companyListAnswerSchema, createdDeliverySchema, deliveryCandidateListSchema } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { NewDeliveryPage } from './new-delivery-page';

const DURAND = '6f1c2b8e-4a3d-4c2e-9f1a-2b3c4d5e6f70';

const COMPANIES = companyListAnswerSchema.parse({
  companies: [
    { id: DURAND, code: 'DURAND', name: 'Atelier Durand Automobiles', country: 'FR', kind: 'customer' },
  ],
});

const candidate = (id: number, serialNumber: string, hasDocument: boolean) => ({
  id,
  number: `CAL-2026-00${id}`,
  serialNumber,
  calibrationDate: '2026-11-02',
  endOfValidityDate: '2027-11-02',
  status: 'Ok',
  hasDocument,
});

const CANDIDATES = deliveryCandidateListSchema.parse({
  certificates: [
    candidate(41, 'TQW8C9311700001', true),
    candidate(42, 'TQW8C9311700002', false),
    candidate(43, 'TQW8C9311700003', true),
  ],
});

const CREATED = createdDeliverySchema.parse({
  id: 5,
  companyId: DURAND,
  companyName: 'Atelier Durand Automobiles',
  recipients: ['atelier@durand.example'],
  message: null,
  certificateCount: 2,
  email: 'sent',
  emailError: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'Factory manager',
  emailText: { subject: 'Calibration certificates', text: '…', linksValidUntil: '2026-12-27' },
});

function stubDelivery(created: { status?: number; body: unknown }) {
  return stubFetch({
    'GET /api/Companies': { body: COMPANIES },
    'GET /api/Certificates/Deliveries/Candidates': { body: CANDIDATES },
    'POST /api/Certificates/Deliveries': created,
  });
}

/** Chooses the company, leaves out its second certificate and names one recipient. */
async function prepare(user: ReturnType<typeof userEvent.setup>) {
  renderRoute([{ path: '/new', element: <NewDeliveryPage /> }], '/new', 'factory-manager');
  await user.type(await screen.findByRole('combobox', { name: 'Company' }), 'Durand');
  await user.click(await screen.findByRole('option', { name: 'Atelier Durand Automobiles' }));
  const table = await screen.findByRole('table', { name: 'Certificates to send' });
  expect(within(table).getAllByRole('checkbox', { checked: true })).toHaveLength(3);
  await user.click(within(table).getByRole('checkbox', { name: 'Send CAL-2026-0042' }));
  expect(screen.getByText('2 of 3 certificates chosen')).toBeVisible();
  await user.type(screen.getByRole('combobox', { name: /^Recipients/ }), 'atelier@durand.example,');
}

// Each test fills the whole form (a company searched, a certificate left out, a recipient): slow in a busy run.
describe('a new delivery of certificates', { timeout: 15_000 }, () => {
  it("sends the company's chosen certificates to the recipients, then says they are sent", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubDelivery({ status: 201, body: CREATED });
    await prepare(user);
    await user.click(screen.getByRole('textbox', { name: 'Message (optional)' }));
    await user.paste('Your yearly certificates');
    await user.click(screen.getByRole('button', { name: 'Send 2 certificates' }));
    expect(await screen.findByText('The certificates of Atelier Durand Automobiles are sent.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the deliveries' })).toHaveAttribute(
      'href',
      '/tool/certificates/delivery',
    );
    const [candidates] = requestsTo(fetchSpy, 'GET', '/api/Certificates/Deliveries/Candidates');
    expect(candidates?.url.searchParams.get('Company')).toBe(DURAND);
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Certificates/Deliveries');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      companyId: DURAND,
      recipients: ['atelier@durand.example'],
      certificateIds: [41, 43],
      message: 'Your yearly certificates',
      language: 'en',
    });
  });

  it('names a recipient that is not an e-mail address under the field, and does not send', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubDelivery({ status: 201, body: CREATED });
    await prepare(user);
    const recipients = screen.getByRole('combobox', { name: /^Recipients/ });
    await user.type(recipients, 'durand-at-example,');
    expect(recipients).toHaveAccessibleDescription(/Not e-mail addresses: durand-at-example/);
    expect(screen.getByRole('button', { name: 'Send 2 certificates' })).toBeDisabled();
    expect(requestsTo(fetchSpy, 'POST', '/api/Certificates/Deliveries')).toHaveLength(0);
  });

  it("puts the server's refusal of a recipient under the recipients, in the user's words", async () => {
    const user = userEvent.setup();
    stubDelivery({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.recipients.0: must be e-mail addresses',
        details: [
          { field: 'body.recipients.0', message: 'must be e-mail addresses', rule: { kind: 'format' } },
        ],
      },
    });
    await prepare(user);
    await user.click(screen.getByRole('button', { name: 'Send 2 certificates' }));
    expect(await screen.findByText('Not in the expected format')).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Recipients/ })).toHaveAccessibleDescription(
      /Not in the expected format/,
    );
    expect(screen.getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(screen.queryByText(/body\.|Invalid|must be/)).toBeNull();
  });
});
