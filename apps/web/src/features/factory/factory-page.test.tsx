import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { FactoryPage } from './factory-page';

const RANGE = {
  id: 1,
  partNumber: 'TQW8C93117',
  from: 1,
  to: 1000,
  note: null,
  createdBy: 'Factory manager',
  createdAt: '2026-01-01T00:00:00.000Z',
  allocated: 10,
  activated: 4,
  unused: 990,
  next: 11,
};

function stubFactory(created: { status: number; body: unknown }) {
  return stubFetch({
    'GET /api/SerialRanges': { body: { ranges: [RANGE] } },
    'GET /api/Companies': { body: { companies: [] } },
    'GET /api/DeviceGroups': { body: { groups: [] } },
    'GET /api/Factory/Batches': { body: { batches: [] } },
    'POST /api/Factory/Batches': created,
  });
}

async function fillBatch(user: ReturnType<typeof userEvent.setup>, count: string) {
  await user.click(await screen.findByRole('combobox', { name: /^Part number/ }));
  await user.click(await screen.findByRole('option', { name: RANGE.partNumber }));
  const devices = screen.getByRole('textbox', { name: /^Devices/ });
  await user.clear(devices);
  await user.type(devices, count);
  await user.type(screen.getByRole('textbox', { name: /^Device type/ }), 'tpms');
}

describe('the factory', () => {
  it('refuses a batch above the largest under its field, as typed, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFactory({ status: 201, body: {} });
    renderRoute([{ path: '/factory', element: <FactoryPage /> }], '/factory', 'factory-manager');
    await fillBatch(user, '100000');
    await user.click(screen.getByRole('button', { name: 'Register the batch' }));
    const devices = screen.getByRole('textbox', { name: /^Devices/ });
    // Kept as typed: never brought down to the largest without a word.
    expect(devices).toHaveValue('100000');
    expect(devices).toHaveAccessibleDescription(/At most 500/);
    expect(requestsTo(fetchSpy, 'POST', '/api/Factory/Batches')).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names, in the user's words", async () => {
    const user = userEvent.setup();
    stubFactory({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.softwareVersion: is not a firmware version of TPMS',
        details: [
          {
            field: 'body.softwareVersion',
            message: 'is not a firmware version of TPMS',
            rule: { kind: 'unknown' },
          },
        ],
      },
    });
    renderRoute([{ path: '/factory', element: <FactoryPage /> }], '/factory', 'factory-manager');
    await fillBatch(user, '12');
    await user.type(screen.getByRole('textbox', { name: /^Software version/ }), '9.9.9');
    await user.click(screen.getByRole('button', { name: 'Register the batch' }));
    const version = screen.getByRole('textbox', { name: /^Software version/ });
    expect(await within(document.body).findByText('Not found: choose an existing one')).toBeVisible();
    expect(version).toHaveAccessibleDescription(/Not found: choose an existing one/);
    expect(screen.getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(screen.queryByText(/body\.|Invalid/)).toBeNull();
  });
});
