import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { ConfigurationPage } from './configuration-page';

const RANGE = {
  id: 3,
  partNumber: 'TQW8C93117',
  from: 0,
  to: 999,
  note: null,
  createdBy: 'Factory manager',
  createdAt: '2026-11-27T10:00:00.000Z',
  allocated: 0,
  activated: 0,
  unused: 1000,
  next: 0,
};

async function openNewRange(user: ReturnType<typeof userEvent.setup>) {
  renderRoute([{ path: '/serial', element: <ConfigurationPage /> }], '/serial', 'factory-manager');
  await user.click(await screen.findByRole('button', { name: 'New range' }));
  return screen.findByRole('dialog', { name: 'New serial range' });
}

describe('serial ranges', () => {
  it('refuses a part number of the wrong length under its field, without a field path', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      'GET /api/SerialRanges': { body: { ranges: [] } },
      'POST /api/SerialRanges': { status: 201, body: RANGE },
    });
    const dialog = await openNewRange(user);
    const partNumber = within(dialog).getByRole('textbox', { name: /^Part number/ });
    await user.type(partNumber, 'tqw');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(partNumber).toHaveAccessibleDescription(/Not in the expected format/);
    expect(within(dialog).queryByText(/partNumber|must be/)).toBeNull();
    expect(requestsTo(fetchSpy, 'POST', '/api/SerialRanges')).toHaveLength(0);
  });

  it("says the server's refusal under the field it names, in the user's words", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/SerialRanges': { body: { ranges: [] } },
      'POST /api/SerialRanges': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.note: must be at most 20 characters',
          details: [
            {
              field: 'body.note',
              message: 'must be at most 20 characters',
              rule: { kind: 'too_long', limit: 20 },
            },
          ],
        },
      },
    });
    const dialog = await openNewRange(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Part number/ }), RANGE.partNumber);
    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    await user.type(note, 'Second production line');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('At most 20 characters')).toBeVisible();
    expect(note).toHaveAccessibleDescription('At most 20 characters');
    expect(within(dialog).getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid/)).toBeNull();
  });

  it('creates a range and lists it', async () => {
    const user = userEvent.setup();
    let created = false;
    const fetchSpy = stubFetch({
      'GET /api/SerialRanges': () => ({ body: { ranges: created ? [RANGE] : [] } }),
      'POST /api/SerialRanges': () => {
        created = true;
        return { status: 201, body: RANGE };
      },
    });
    const dialog = await openNewRange(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Part number/ }), RANGE.partNumber);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('cell', { name: RANGE.partNumber })).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/SerialRanges');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ partNumber: RANGE.partNumber, from: 0, to: 999 });
  });
});
