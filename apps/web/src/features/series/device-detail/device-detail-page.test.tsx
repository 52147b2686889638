import { NO_STORE_OR_GROUP_MESSAGE, type Me, type RoleCode, type SeriesDetail } from '@fleet/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testQueryClient } from '../../../testing/providers';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { seriesDetail, UTC_CONFIGURATION } from '../../../testing/series-fixtures';
import { DeviceComponentsTab } from './components/device-components-tab';
import { DeviceDetailPage } from './device-detail-page';
import { DeviceGeolocationsTab } from './geolocations/device-geolocations-tab';
import { DeviceInfoTab } from './info/device-info-tab';
import { DeviceUsersTab } from './users/device-users-tab';

const SN = 'ALIGN0000000001';
type Answer = { status?: number; body?: unknown };

function serve(device: SeriesDetail | Answer, more: Record<string, Answer | ((r: Request) => Answer)> = {}) {
  return stubFetch({
    ...UTC_CONFIGURATION,
    [`GET /api/Series/${SN}`]: 'serialNumber' in device ? { body: device } : device,
    'POST /api/HeartBeat/status': { body: {} },
    ...more,
  });
}

// The route table and its guards have their own test (app/detail-routes.test.tsx).
const screens = [
  {
    path: '/serie/:serialNumber',
    element: <DeviceDetailPage />,
    children: [
      { path: '/serie/:serialNumber/info', element: <DeviceInfoTab /> },
      { path: '/serie/:serialNumber/users', element: <DeviceUsersTab /> },
      { path: '/serie/:serialNumber/components', element: <DeviceComponentsTab /> },
      { path: '/serie/:serialNumber/geolocations', element: <DeviceGeolocationsTab /> },
    ],
  },
  { path: '/series/devices', element: <p>Devices list</p> },
  { path: '/notfound', element: <h1>Page not found</h1> },
];

const open = (role: RoleCode, path = `/serie/${SN}`, options: Parameters<typeof renderRoute>[3] = {}) =>
  renderRoute(screens, path, role, options);

const region = (name: string) => screen.findByRole('region', { name });

describe('device page', () => {
  it('leads to the info tab, with the serial number as heading and the device facts', async () => {
    serve(
      seriesDetail({
        officialStoreCode: 'ST-PARIS',
        dealerCode: 'D-7',
        officialStore: {
          id: 5,
          storeStatus: 0,
          storeAddress: { organization: 'Atelier Durand', locality: 'Paris', postalCode: '75002' },
        },
      }),
    );
    const router = open('support-user');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${SN}/info`));
    expect(await screen.findByRole('heading', { level: 1, name: SN })).toBeInTheDocument();

    const general = within(await region('General information'));
    expect(general.getByText('ALIGN00000')).toBeInTheDocument();
    expect(general.getByText('Kessler')).toBeInTheDocument();
    expect(general.getByText('02/01/2024')).toBeInTheDocument();
    expect(general.getByText('01/10/2024, 08:30:00')).toBeInTheDocument();
    const store = within(await region('Store'));
    expect(store.getByText('ST-PARIS')).toBeInTheDocument();
    expect(store.getByText('75002 Paris')).toBeInTheDocument();
    expect(within(await region('Status')).getByText('Wheel aligner, bay 2')).toBeInTheDocument();
  });

  it('hides the store address from roles that may not attach a store', async () => {
    serve(
      seriesDetail({
        officialStoreCode: 'ST-PARIS',
        officialStore: { id: 5, storeStatus: 0, storeAddress: { locality: 'Paris', postalCode: '75002' } },
      }),
    );
    open('customer-engineering-user');
    const store = within(await region('Store'));
    expect(store.getByText('ST-PARIS')).toBeInTheDocument();
    expect(store.queryByText('75002 Paris')).not.toBeInTheDocument();
  });

  it('shows the actions the server allows, and nothing else', async () => {
    serve(seriesDetail({ allowedActions: ['deactivate', 'blacklist', 'discard', 'editStore'] }));
    open('administrator');
    const status = within(await region('Status'));
    expect(status.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(status.getByRole('button', { name: 'Blacklist' })).toBeInTheDocument();
    expect(status.getByRole('button', { name: 'Discard' })).toBeInTheDocument();
    expect(status.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
    expect(status.queryByRole('button', { name: 'Delete the device' })).not.toBeInTheDocument();
    expect(status.queryByRole('button', { name: 'Edit the description' })).not.toBeInTheDocument();
    const general = within(await region('General information'));
    expect(general.queryByRole('button', { name: 'Set the activation date' })).not.toBeInTheDocument();
    expect(general.queryByRole('switch')).not.toBeInTheDocument();
    const store = within(await region('Store'));
    expect(store.getByRole('button', { name: 'Attach to a store' })).toBeInTheDocument();
    expect(store.queryByRole('button', { name: 'Detach from the store' })).not.toBeInTheDocument();
  });

  it('deactivates after a confirmation, then shows the new status and says so', async () => {
    const user = userEvent.setup();
    serve(seriesDetail({ allowedActions: ['deactivate'] }), {
      'POST /api/Series/Deactivations/Deactivate': {
        body: seriesDetail({ deviceStatus: 'E', allowedActions: ['reactivate'] }),
      },
    });
    open('support-user');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deactivate' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(`${SN} is deactivated.`)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(await region('Status')).getByText('Deactivated')).toBeInTheDocument();
  });

  it("edits the description for this console's product, and shows another product's as it is", async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(
      seriesDetail({
        allowedActions: ['editDescription'],
        productDescriptions: { 'tyre-pressure': 'TPMS bench, left' },
      }),
      {
        [`PUT /api/Series/${SN}/tool-equipment-description`]: {
          body: seriesDetail({
            allowedActions: ['editDescription'],
            productDescriptions: { 'tool-equipment': 'Bay 2', 'tyre-pressure': 'TPMS bench, left' },
          }),
        },
      },
    );
    open('support-user');
    const status = within(await region('Status'));
    expect(await status.findByText('Description for tyre pressure')).toBeInTheDocument();
    expect(status.getByText('TPMS bench, left')).toBeInTheDocument();
    await user.click(status.getByRole('button', { name: 'Edit the description for tool equipment' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit the description for tool equipment' }),
    );
    await user.type(dialog.getByRole('textbox', { name: 'Description for tool equipment' }), 'Bay 2');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(`The description of ${SN} for tool equipment is saved.`)).toBeVisible();
    const [put] = requestsTo(fetchSpy, 'PUT', `/api/Series/${SN}/tool-equipment-description`);
    expect(JSON.parse(String(put!.init!.body))).toEqual({ description: 'Bay 2' });
    expect(within(await region('Status')).getByText('Bay 2')).toBeInTheDocument();
  });

  it('asks to type the serial number before deleting the device', async () => {
    const user = userEvent.setup();
    serve(seriesDetail({ deviceStatus: 'I', allowedActions: ['delete'] }), {
      [`DELETE /api/Series/${SN}`]: { status: 204 },
      'GET /api/Series/User': { body: { series: [], totalCount: 0 } },
    });
    const router = open('administrator');
    await user.click(await screen.findByRole('button', { name: 'Delete the device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the device' }));
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: `Type ${SN} to confirm` }), SN);
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/devices'));
    expect(await screen.findByText(`${SN} is deleted.`)).toBeInTheDocument();
  });

  it('attaches a store, showing the no-store message in the dialog until a known code is given', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(seriesDetail({ allowedActions: ['editStore'] }), {
      [`POST /api/Series/${SN}/store`]: {
        status: 400,
        body: { status: 400, message: NO_STORE_OR_GROUP_MESSAGE },
      },
    });
    open('support-manager');
    await user.click(await screen.findByRole('button', { name: 'Attach to a store' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Attach the device to a store' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The store code is required.');
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await user.type(dialog.getByRole('textbox', { name: 'Store code' }), 'NOWHERE');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'No store has this code, or the store does not belong to the device’s group.',
    );
    const [post] = requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/store`);
    expect(JSON.parse(String(post?.init?.body))).toEqual({ storeCode: 'NOWHERE' });
  });

  it("offers the store's dealer code when it differs from the device's, and takes it", async () => {
    const user = userEvent.setup();
    const attached = {
      officialStoreCode: 'ST-PARIS',
      officialStore: { id: 5, storeStatus: 0, storeAddress: null },
      allowedActions: ['editStore' as const],
    };
    const fetchSpy = serve(
      seriesDetail({
        ...attached,
        dealerCode: 'D-OWN',
        storeAttachment: {
          storeCode: 'ST-PARIS',
          officialStoreCode: 'ST-PARIS',
          dealerCodeSuggestion: 'D-STORE',
        },
      }),
      {
        [`POST /api/Series/${SN}/store`]: {
          body: seriesDetail({
            ...attached,
            dealerCode: 'D-STORE',
            storeAttachment: {
              storeCode: 'ST-PARIS',
              officialStoreCode: 'ST-PARIS',
              dealerCodeSuggestion: null,
            },
          }),
        },
      },
    );
    open('support-manager');
    const store = within(await region('Store'));
    expect(await store.findByText('The store’s dealer code is D-STORE.')).toBeVisible();
    await user.click(store.getByRole('button', { name: 'Use D-STORE' }));
    expect(await screen.findByText(`${SN} now has the dealer code D-STORE.`)).toBeVisible();
    const [post] = requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/store`);
    expect(JSON.parse(String(post?.init?.body))).toEqual({ storeCode: 'ST-PARIS', dealerCode: 'D-STORE' });
    await waitFor(() => expect(store.queryByText('The store’s dealer code is D-STORE.')).toBeNull());
    expect(store.getByText('D-STORE')).toBeVisible();
  });

  it('passes other store refusals through to the dialog, and refreshes the device on success', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    serve(
      seriesDetail({
        officialStoreCode: 'ST-PARIS',
        officialStore: { id: 5, storeStatus: 0, storeAddress: null },
        allowedActions: ['editStore'],
      }),
      {
        [`POST /api/Series/${SN}/store`]: () =>
          ++attempts === 1
            ? { status: 409, body: { status: 409, message: 'Store ST-LYON is archived' } }
            : {
                body: seriesDetail({
                  officialStoreCode: 'ST-LILLE',
                  officialStore: { id: 6, storeStatus: 0, storeAddress: null },
                  allowedActions: ['editStore'],
                }),
              },
      },
    );
    open('support-manager');
    await user.click(await screen.findByRole('button', { name: 'Edit the store code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit the store code' }));
    const input = dialog.getByRole('textbox', { name: 'Store code' });
    expect(input).toHaveValue('ST-PARIS');
    await user.clear(input);
    await user.type(input, 'x'.repeat(101));
    expect(dialog.getByRole('alert')).toHaveTextContent('The store code may have at most 100 characters.');
    await user.clear(input);
    await user.type(input, 'ST-LYON');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Store ST-LYON is archived');
    await user.clear(input);
    await user.type(input, 'ST-LILLE');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await within(await region('Store')).findByText('ST-LILLE')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('detaches from the store after a question naming the device and the store', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(
      seriesDetail({
        officialStoreCode: 'ST-PARIS',
        officialStore: { id: 5, storeStatus: 0, storeAddress: null },
        allowedActions: ['editStore'],
      }),
      { [`DELETE /api/Series/${SN}/store`]: { body: seriesDetail({ allowedActions: ['editStore'] }) } },
    );
    open('support-manager');
    await user.click(await screen.findByRole('button', { name: 'Detach from the store' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Detach from the store' }));
    expect(dialog.getByText(`Detach ${SN} from the store ST-PARIS?`)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Attach to a store' })).toBeInTheDocument();
    const [call] = requestsTo(fetchSpy, 'DELETE', `/api/Series/${SN}/store`);
    expect(call?.url.searchParams.get('officialStoreCode')).toBe('ST-PARIS');
  });

  it('checks the activation date in the dialog, and shows the server refusal there too', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(seriesDetail({ allowedActions: ['setActivationDate'] }), {
      [`POST /api/Series/${SN}/activation`]: {
        status: 400,
        body: {
          status: 400,
          message: 'UtcActivationDateTime: must not be after today',
          details: [
            {
              field: 'body.UtcActivationDateTime',
              message: 'must not be after today',
              rule: { kind: 'future' },
            },
          ],
        },
      },
    });
    open('support-manager');
    await user.click(await screen.findByRole('button', { name: 'Set the activation date' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set the activation date' }));
    const input = dialog.getByRole('textbox', { name: 'Activation date' });
    expect(input).toHaveValue('2024-02-01');
    const confirmButton = dialog.getByRole('button', { name: 'Confirm' });

    await user.clear(input);
    await user.type(input, '2016-12-31');
    expect(dialog.getByRole('alert')).toHaveTextContent('The activation date cannot be before 2017-02-01.');
    expect(confirmButton).toBeDisabled();
    await user.clear(input);
    await user.type(input, '2024-13-01');
    expect(dialog.getByRole('alert')).toHaveTextContent('Write the date as YYYY-MM-DD.');
    expect(confirmButton).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/activation`)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '2024-05-04');
    await user.click(confirmButton);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Not saved: Must not be after today');
    const [post] = requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/activation`);
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      UtcActivationDateTime: '2024-05-04',
      enforceNewDate: true,
    });
  });

  it('never says Online once the heartbeat poll fails: the status is marked stale', async () => {
    let alive = true;
    serve(seriesDetail(), {
      'POST /api/HeartBeat/status': () =>
        alive
          ? {
              body: {
                [SN]: {
                  isAlive: true,
                  heartBeat: { serialNumber: SN, lastHeartBeat: '2026-03-09T23:30:05Z' },
                },
              },
            }
          : { status: 500, body: { status: 500, message: 'boom' } },
    });
    const queryClient = testQueryClient();
    open('support-user', `/serie/${SN}/info`, { queryClient });
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    alive = false;
    await act(() => queryClient.refetchQueries({ queryKey: ['heartbeat-status'] }));
    const stale = await screen.findByRole('img', { name: 'Stale: was online' });
    expect(stale).toHaveAccessibleDescription(/^Last heartbeat: 03\/09\/2026, 23:30:05 · Status loaded on /);
    expect(screen.queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
  });

  it('leads an unknown or foreign device to not found', async () => {
    serve({ status: 404, body: { status: 404, message: `No device ${SN}` } });
    const router = open('customer-engineering-user', `/serie/${SN}/info`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
  });
});

/** A partner who sees a device's page for its geolocations, nothing more (not the whole fleet). */
const LOCATION_VIEWER: Partial<Me> = { wholeFleet: false };

describe('device page of a location viewer', () => {
  it('shows the facts the server sends, the info and geolocations tabs, and calls nothing else', async () => {
    const user = userEvent.setup();
    // The server leaves out what the role may not see: users, accessories, group, early access, address.
    const device = seriesDetail({ officialStoreCode: 'ST-PARIS', officialStore: { id: 5, storeStatus: 0 } });
    delete device.serieUsers;
    delete device.accessories;
    delete device.group;
    delete device.earlyAccess;
    const fetchSpy = serve(device, {
      [`GET /api/Series/${SN}/locations`]: {
        body: [
          {
            reportedAt: '2026-03-02T08:00:00.000Z',
            latitude: 48.8566,
            longitude: 2.3522,
            accuracyMeters: 12,
          },
        ],
      },
    });
    const router = open('location-viewer', `/serie/${SN}`, { me: LOCATION_VIEWER });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${SN}/info`));

    const tabs = within(await screen.findByRole('tablist', { name: 'Device tabs' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Geolocations']);
    const general = within(await region('General information'));
    expect(general.getByText('Kessler')).toBeInTheDocument();
    expect(general.queryByText('Group')).not.toBeInTheDocument();
    expect(general.queryByText('Early access')).not.toBeInTheDocument();
    expect(general.queryByText('Not set')).not.toBeInTheDocument();
    const store = within(await region('Store'));
    expect(store.getByText('ST-PARIS')).toBeInTheDocument();
    expect(store.queryByText('Address')).not.toBeInTheDocument();
    for (const name of ['Status', 'General information', 'Store'])
      expect(within(await region(name)).queryAllByRole('button')).toHaveLength(0);

    await user.click(tabs.getByRole('tab', { name: 'Geolocations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${SN}/geolocations`));
    const positions = within(await screen.findByRole('table', { name: 'Reported positions' }));
    expect(positions.getByText('48.85660, 2.35220')).toBeInTheDocument();

    // The users and components tabs are not theirs: a link to one leads to the info tab.
    for (const tab of ['users', 'components']) {
      await act(() => router.navigate(`/serie/${SN}/${tab}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${SN}/info`));
    }
    const called = fetchSpy.mock.calls.map(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`,
    );
    expect(new Set(called)).toEqual(
      new Set([
        'GET /api/configurations/users/user-1',
        `GET /api/Series/${SN}`,
        'POST /api/HeartBeat/status',
        `GET /api/Series/${SN}/locations`,
      ]),
    );
  });
});

describe('new device key', () => {
  const KEY = 'MC4CAQAwBQYDK2VwBCIEIJ8lq3l0Xc1d0tFjG0mYp6rC2c7uF4zQy0m8s0nN3kYb';
  const issued = { serialNumber: SN, deviceKey: KEY, issuedAt: '2026-03-10T09:15:00.000Z' };

  afterEach(() => vi.restoreAllMocks());

  it('warns first, then shows the key once with a copy button, and keeps it nowhere', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const logs = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level),
    );
    const queryClient = testQueryClient();
    const fetchSpy = serve(seriesDetail(), {
      [`POST /api/Series/${SN}/device-key`]: { status: 201, body: issued },
    });
    open('factory-user', `/serie/${SN}/info`, { queryClient });

    await user.click(await within(await region('Status')).findByRole('button', { name: 'New device key' }));
    const question = within(await screen.findByRole('dialog', { name: 'New device key' }));
    expect(question.getByText(/Its current key stops working at once/)).toHaveTextContent(
      `Issue a new key for ${SN}? Its current key stops working at once: the device cannot reach the service until it is given the new key.`,
    );
    expect(requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/device-key`)).toHaveLength(0);
    await user.click(question.getByRole('button', { name: 'Issue a new key' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'New device key' }));
    const key = await dialog.findByLabelText('Device key');
    expect(key).toHaveTextContent(KEY);
    expect(key.tagName).toBe('PRE');
    expect(dialog.getByText('Shown this once only')).toBeInTheDocument();
    expect(dialog.getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(dialog.getByText('Issued on 03/10/2026, 09:15:00')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Copy the key' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await dialog.findByText('Copied')).toBeInTheDocument();
    await waitFor(() => expect(dialog.queryByText('Copied')).not.toBeInTheDocument(), { timeout: 3000 });

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.data),
    ]);
    expect(cached).not.toContain(KEY);
    for (const log of logs)
      for (const call of log.mock.calls) expect(JSON.stringify(call) ?? '').not.toContain(KEY);
  });

  it('issues nothing when the question is cancelled, and says when copying failed', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const fetchSpy = serve(seriesDetail(), {
      [`POST /api/Series/${SN}/device-key`]: { status: 201, body: issued },
    });
    open('administrator', `/serie/${SN}/info`);
    const button = await within(await region('Status')).findByRole('button', { name: 'New device key' });
    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'New device key' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/device-key`)).toHaveLength(0);

    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Issue a new key' }));
    await user.click(await screen.findByRole('button', { name: 'Copy the key' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });

  it('shows the refusal as an error toast, and no key', async () => {
    const user = userEvent.setup();
    serve(seriesDetail(), {
      [`POST /api/Series/${SN}/device-key`]: { status: 403, body: { status: 403, message: 'Forbidden' } },
    });
    open('factory-manager', `/serie/${SN}/info`);
    await user.click(await screen.findByRole('button', { name: 'New device key' }));
    await user.click(await screen.findByRole('button', { name: 'Issue a new key' }));
    expect(await screen.findByText(/Forbidden/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Device key')).not.toBeInTheDocument();
  });

  it('is offered only to holders of the factory feature', async () => {
    serve(seriesDetail({ allowedActions: ['deactivate'] }));
    open('support-manager', `/serie/${SN}/info`);
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New device key' })).not.toBeInTheDocument();
  });
});
