import type { WebhookDelivery } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { COMPANY, CUSTOMER, MANAGER, OFF, ON } from '../../testing/webhook-fixtures';
import { WebhooksPage } from './webhooks-page';

const DELIVERY: WebhookDelivery = {
  id: 7,
  eventId: '1841',
  eventType: 'job.failed',
  occurredAt: '2026-11-28T08:00:00.000Z',
  status: 'pending',
  attempts: 2,
  nextAttemptAt: '2026-11-28T08:10:00.000Z',
  lastStatusCode: 500,
  lastError: null,
  createdAt: '2026-11-28T08:00:01.000Z',
  deliveredAt: null,
};

const BASE = {
  'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
  'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
  'GET /api/Webhooks': { body: { endpoints: [ON, OFF] } },
};

beforeEach(() => {
  stubFetch(BASE);
});

/** The page alone (the route table's shell would add a second dialog host). */
const open = (role: Parameters<typeof renderRoute>[2], options?: Parameters<typeof renderRoute>[3]) =>
  renderRoute([{ path: '/tool/webhooks', element: <WebhooksPage /> }], '/tool/webhooks', role, options);

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
  const dialog = await screen.findByRole('dialog', { name: 'New endpoint' });
  const url = within(dialog).getByRole('textbox', { name: /^Address \(URL\)/ });
  await user.clear(url);
  return { dialog, url };
}

describe('the webhooks page', () => {
  it('add an endpoint of the user’s company and show its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const created = { ...ON, id: 3, url: 'https://new.example.com/hook', eventTypes: ['job.created'] };
    const fetchSpy = stubFetch({
      ...BASE,
      'POST /api/Webhooks': { status: 201, body: { endpoint: created, secret: 'whsec_shown-once' } },
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    open(MANAGER, CUSTOMER);
    const { dialog, url } = await openCreate(user);
    await user.type(url, created.url);
    // Only the types a customer may hear of are offered.
    await user.click(within(dialog).getByRole('combobox', { name: /^Events to send/ }));
    expect(screen.queryByRole('option', { name: 'Rollout stopped' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Job received' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const secret = await screen.findByRole('dialog', { name: "The endpoint's secret" });
    expect(within(secret).getByText('whsec_shown-once')).toBeVisible();
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_shown-once');
    expect(await within(secret).findByText('Copied')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Webhooks');
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      url: created.url,
      eventTypes: ['job.created'],
      companyId: COMPANY.id,
    });
  });

  it("say the server's refusal of an address under its field, in the user's words", async () => {
    const user = userEvent.setup();
    stubFetch({
      ...BASE,
      'POST /api/Webhooks': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.url: is refused (https_only)',
          details: [{ field: 'body.url', message: 'is refused (https_only)', rule: { kind: 'https_only' } }],
        },
      },
    });
    open(MANAGER, CUSTOMER);
    const { dialog, url } = await openCreate(user);
    await user.type(url, 'http://erp.example.com/fleet');
    await user.click(within(dialog).getByRole('combobox', { name: /^Events to send/ }));
    await user.click(await screen.findByRole('option', { name: 'Job failed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(
        /Must be an https:\/\/ address \(http:\/\/ only to this machine\)/,
      ),
    );
    expect(within(dialog).queryByText(/body\.|https_only/)).toBeNull();
  });

  it('let the staff choose one company or every company', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      ...BASE,
      'GET /api/Webhooks': { body: { endpoints: [{ ...ON, companyId: null, companyName: null }] } },
      'GET /api/Companies': { body: { companies: [{ ...COMPANY, code: 'MARTIN' }] } },
      'POST /api/Webhooks': { status: 201, body: { endpoint: ON, secret: 'whsec_x' } },
    });
    open('devops-manager');
    expect(await screen.findByRole('cell', { name: 'Every company' })).toBeVisible();
    const { dialog, url } = await openCreate(user);
    await user.type(url, ON.url);
    await user.click(within(dialog).getByRole('combobox', { name: /^Events to send/ }));
    await user.click(await screen.findByRole('option', { name: 'Rollout stopped' }));
    expect(within(dialog).getByRole('combobox', { name: /^Company/ })).toHaveValue('Every company');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog', { name: "The endpoint's secret" });
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Webhooks');
    expect(JSON.parse(String(sent!.init?.body))).toMatchObject({
      eventTypes: ['rollout.stopped'],
      companyId: null,
    });
  });

  it("show an endpoint's deliveries, each attempt's answer, time and duration, and replay one", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      ...BASE,
      'GET /api/Webhooks/1/Deliveries': { body: { data: [DELIVERY], totalCount: 1 } },
      'GET /api/Webhooks/1/Deliveries/7/Attempts': {
        body: {
          attempts: [
            {
              at: '2026-11-28T08:02:31.000Z',
              statusCode: 500,
              error: null,
              durationMs: 812,
              responseExcerpt: 'database down',
            },
            {
              at: '2026-11-28T08:00:01.000Z',
              statusCode: null,
              error: 'No answer within 10 s',
              durationMs: 10000,
              responseExcerpt: null,
            },
          ],
        },
      },
      'POST /api/Webhooks/1/Deliveries/7/Replay': { body: { ...DELIVERY, attempts: 0 } },
    });
    open(MANAGER, CUSTOMER);
    const row = (await screen.findByText(ON.url, {})).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: `Deliveries to ${ON.url}` }));
    const drawer = await screen.findByRole('dialog', { name: `Deliveries to ${ON.url}` });
    expect(await within(drawer).findByText('1 delivery')).toBeVisible();
    expect(within(drawer).getByText('Waiting')).toBeVisible();
    expect(within(drawer).getByText('HTTP 500')).toBeVisible();
    await user.click(within(drawer).getByRole('button', { name: 'Show the attempts of delivery 7' }));
    expect(await within(drawer).findByText(/812 ms/)).toBeVisible();
    expect(within(drawer).getByText('database down')).toBeVisible();
    expect(within(drawer).getByText(/No answer within 10 s/)).toBeVisible();
    await user.click(within(drawer).getByRole('button', { name: 'Replay delivery 7' }));
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'POST', '/api/Webhooks/1/Deliveries/7/Replay')).toHaveLength(1),
    );
  });
});
