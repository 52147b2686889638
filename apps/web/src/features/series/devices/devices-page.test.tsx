import {
  seriesFilterSuggestionsSchema,
  usableFeatures,
  type CertificateValidity,
  type HeartbeatStatus,
} from '@fleet/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionBanner } from '../../../components/connection-banner';
import { OverlayHosts } from '../../../components/overlays/overlay-hosts';
import { connectionMonitorOf } from '../../../lib/connection-monitor';
import { stubFetch } from '../../../testing/fetch-stub';
import { testMe } from '../../../testing/fixtures';
import { renderWithProviders, testQueryClient, type TestContext } from '../../../testing/providers';
import { renderRoute } from '../../../testing/render-route';
import { seriesCard } from '../../../testing/series-fixtures';
import { DevicesPage } from './devices-page';

const ACTIVE = seriesCard('ALIGN0000000001', {
  officialStoreCode: 'ST-PARIS',
  officialStore: { id: 5, storeStatus: 0, storeAddress: null },
});
const BLACKLISTED = seriesCard('ALIGN0000000002', {
  deviceStatus: 'B',
  officialStoreCode: 'ST-OLD',
  officialStore: { id: 6, storeStatus: 1, storeAddress: null },
});
const DEACTIVATED = seriesCard('ALIGN0000000003', { deviceStatus: 'E', dealerCode: 'D-7' });
const CARDS = [ACTIVE, BLACKLISTED, DEACTIVATED];

const HEARTBEATS: Record<string, HeartbeatStatus> = {
  [ACTIVE.serialNumber]: {
    isAlive: true,
    heartBeat: { serialNumber: ACTIVE.serialNumber, lastHeartBeat: '2026-03-09T23:30:05.000Z' },
  },
  [BLACKLISTED.serialNumber]: {
    isAlive: false,
    heartBeat: { serialNumber: BLACKLISTED.serialNumber, lastHeartBeat: '0001-01-01T00:00:00.000Z' },
  },
  [DEACTIVATED.serialNumber]: { isAlive: false, heartBeat: null },
};

function validity(serialNumber: string, overrides: Partial<CertificateValidity>): CertificateValidity {
  return {
    serialNumber,
    status: 'Ok',
    daysBeforeInvalidCalibration: 200,
    endOfValidityDate: '2026-10-01T00:00:00.000Z',
    lastCalibrationDate: '2025-10-01T00:00:00.000Z',
    activationDate: null,
    ...overrides,
  };
}

const VALIDITIES = {
  [ACTIVE.serialNumber]: validity(ACTIVE.serialNumber, {}),
  [BLACKLISTED.serialNumber]: validity(BLACKLISTED.serialNumber, {
    status: 'Expired',
    daysBeforeInvalidCalibration: -3,
    endOfValidityDate: '2026-03-01T00:00:00.000Z',
  }),
};

const CONFIGURATION = JSON.stringify({
  'tool-equipment': {
    current_language: 'en',
    print_settings: { format: 'letter', margins: 'normal' },
    timezone: 'Europe/Paris',
    webcam: null,
  },
});

const SUGGESTIONS = seriesFilterSuggestionsSchema.parse({
  types: ['TPMS-TOOL'],
  makers: ['Kessler'],
  softwareVersion: ['5.12.3'],
  databaseVersion: ['2025.07'],
  dealerCodes: ['D-7'],
  jobType: ['Calibration', 'Relearn'],
  versionType: ['Database', 'Software'],
  versionNumber: ['2025.07', '9.9.1'],
  groups: [],
});

type Answer = { status?: number; body?: unknown };

const update = (serialNumber: string, state: 'succeeded' | 'running' | 'failed', toVersion: string) => ({
  serialNumber,
  subject: 'Software',
  updateDate: '2026-03-08T10:00:00.000Z',
  fromVersion: '5.12.2',
  toVersion,
  details: null,
  username: null,
  state,
  percent: null,
  rolloutId: null,
});
const LAST_UPDATES = [
  { serialNumber: ACTIVE.serialNumber, lastUpdate: update(ACTIVE.serialNumber, 'succeeded', '5.12.3') },
  { serialNumber: BLACKLISTED.serialNumber, lastUpdate: update(BLACKLISTED.serialNumber, 'failed', '6.0.0') },
  { serialNumber: DEACTIVATED.serialNumber, lastUpdate: null },
];

function serve(
  answers: {
    list?: Answer | (() => Answer);
    heartbeats?: () => Answer;
    validities?: Answer;
    earlyAccess?: (request: Request) => Answer;
  } = {},
  more: Record<string, Answer> = {},
) {
  return stubFetch({
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: CONFIGURATION } },
    'GET /api/Series/User': answers.list ?? { body: { series: CARDS, totalCount: CARDS.length } },
    'POST /api/HeartBeat/status': answers.heartbeats ?? (() => ({ body: HEARTBEATS })),
    'POST /api/DeviceCertificate/Validity/status': answers.validities ?? { body: VALIDITIES },
    'GET /api/Series/User/FilterSuggestion': { body: SUGGESTIONS },
    'POST /api/Updates/DevicesLastUpdate': { body: LAST_UPDATES },
    ...(answers.earlyAccess && { 'PUT /api/Series/EarlyAccessStatus': answers.earlyAccess }),
    ...more,
  });
}

const admin = testMe({
  roles: ['administrator'],
  features: usableFeatures(['administrator']),
  wholeFleet: true,
});

// The dialogs open inside the router, as in the shell: a table in a dialog leads somewhere.
const withHosts = (
  <>
    <DevicesPage />
    <OverlayHosts />
  </>
);

function openDevices(url = '/series/devices', context: TestContext = { me: admin }) {
  const router = createMemoryRouter([{ path: '/series/devices', element: withHosts }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />, { ...context, hostsInScreen: true });
  return router;
}

const card = async (serialNumber: string) => screen.findByRole('article', { name: serialNumber });

function requestsTo(fetchSpy: ReturnType<typeof stubFetch>, path: string) {
  return fetchSpy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === path);
}

describe('devices list', () => {
  it('shows a card per device with its total, links and status', async () => {
    const fetchSpy = serve();
    openDevices();
    expect(await screen.findByText('3 devices')).toBeInTheDocument();

    const active = within(await card(ACTIVE.serialNumber));
    const serial = active.getByRole('link', { name: ACTIVE.serialNumber });
    expect(serial).toHaveAttribute('href', `/serie/${ACTIVE.serialNumber}`);
    expect(serial).toHaveAttribute('target', '_blank');
    expect(active.getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      `/serie/${ACTIVE.serialNumber}`,
    );
    const store = new URL(active.getByRole('link', { name: 'ST-PARIS' }).getAttribute('href')!, 'http://x');
    expect(store.searchParams.get('OfficialStoreCode')).toBe('ST-PARIS');
    expect(store.searchParams.get('pageNumber')).toBe('1');

    const blacklisted = within(await card(BLACKLISTED.serialNumber));
    expect(blacklisted.queryByRole('link', { name: 'Details' })).not.toBeInTheDocument();
    expect(blacklisted.getByText('Blacklisted')).toBeInTheDocument();
    expect(blacklisted.getByRole('link', { name: 'ST-OLD' })).toHaveStyle({ textDecoration: 'line-through' });
    expect(blacklisted.getByText('Store not available')).toBeInTheDocument();

    const deactivated = within(await card(DEACTIVATED.serialNumber));
    expect(deactivated.getByText('Deactivated')).toBeInTheDocument();
    const dealer = new URL(deactivated.getByRole('link', { name: 'D-7' }).getAttribute('href')!, 'http://x');
    expect(dealer.searchParams.getAll('DealerCodeFilter')).toEqual(['D-7']);

    const [list] = requestsTo(fetchSpy, '/api/Series/User');
    expect(list?.url.search).toBe('?PageNumber=1&PageSize=20&SortColumnName=Id&SortOrder=ASC');
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/HeartBeat/status')).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchSpy, '/api/HeartBeat/status')[0]?.init?.body))).toEqual(
      CARDS.map((c) => c.serialNumber),
    );
  });

  it("shows each device's last update, in one call for the page, to those who see updates", async () => {
    const fetchSpy = serve();
    openDevices();
    const active = within(await card(ACTIVE.serialNumber));
    expect(await active.findByText('Software · Updated to 5.12.3 on 03/08/2026')).toBeInTheDocument();
    const blacklisted = within(await card(BLACKLISTED.serialNumber));
    expect(blacklisted.getByText('Software · Update to 6.0.0 failed on 03/08/2026')).toBeInTheDocument();
    expect(within(await card(DEACTIVATED.serialNumber)).getByText('Never updated')).toBeInTheDocument();
    const calls = requestsTo(fetchSpy, '/api/Updates/DevicesLastUpdate');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      serialNumbers: CARDS.map((c) => c.serialNumber),
    });
  });

  it('asks nothing of updates for a role that does not see them', async () => {
    const fetchSpy = serve();
    const roles = ['dashboard-viewer'] as const;
    openDevices('/series/devices', {
      me: testMe({ roles: [...roles], features: [...usableFeatures([...roles]), 'SERIES.LIST'] }),
    });
    await card(ACTIVE.serialNumber);
    expect(screen.queryByText(/Updated to|Never updated/)).toBeNull();
    expect(requestsTo(fetchSpy, '/api/Updates/DevicesLastUpdate')).toEqual([]);
  });

  it('tells online from offline, and the last heartbeat in the user time zone on hover', async () => {
    serve();
    const user = userEvent.setup();
    openDevices();
    const online = await within(await card(ACTIVE.serialNumber)).findByRole('img', { name: 'Online' });
    await waitFor(() => expect(online).toHaveAccessibleDescription('Last heartbeat: 03/10/2026, 00:30:05'));
    await user.hover(online);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Last heartbeat: 03/10/2026, 00:30:05');
    await user.unhover(online);

    const never = within(await card(BLACKLISTED.serialNumber)).getByRole('img', { name: 'Offline' });
    await user.hover(never);
    expect(await screen.findByRole('tooltip', { name: /Never connected/ })).toBeInTheDocument();
    await user.unhover(never);

    const waiting = within(await card(DEACTIVATED.serialNumber)).getByRole('img', { name: 'Offline' });
    expect(waiting).toHaveAccessibleDescription('Waiting for a heartbeat…');
  });

  it('shows the calibration status to users with the certificate statuses feature', async () => {
    serve();
    openDevices();
    const active = within(await card(ACTIVE.serialNumber));
    expect(await active.findByRole('img', { name: 'Calibration: valid' })).toHaveAccessibleDescription(
      'Calibration: valid · Days left: 200 · Valid until 10/01/2026',
    );
    const expired = within(await card(BLACKLISTED.serialNumber));
    expect(expired.getByRole('img', { name: 'Calibration: expired' })).toHaveAccessibleDescription(
      'Calibration: expired · Ended on 03/01/2026',
    );
    expect(
      within(await card(DEACTIVATED.serialNumber)).queryByRole('img', { name: /Calibration/ }),
    ).toBeNull();
  });

  it('tells a failed calibration check on a certificate still valid as such, with its calibration date', async () => {
    serve({
      validities: {
        body: {
          [ACTIVE.serialNumber]: validity(ACTIVE.serialNumber, {
            status: 'Expired',
            daysBeforeInvalidCalibration: 560,
            endOfValidityDate: '2027-09-19T00:00:00.000Z',
            lastCalibrationDate: '2025-09-19T08:00:00.000Z',
          }),
        },
      },
    });
    openDevices();
    const active = within(await card(ACTIVE.serialNumber));
    const icon = await active.findByRole('img', { name: 'Calibration: expired' });
    expect(icon).toHaveAccessibleDescription(
      'Calibration: expired · The calibration check failed · Calibrated on 09/19/2025',
    );
    expect(icon).not.toHaveAccessibleDescription(/Ended on/);
  });

  it('does not ask for calibration statuses without the feature', async () => {
    const fetchSpy = serve();
    const me = testMe({
      features: usableFeatures(['customer-engineering-user']).filter((f) => f !== 'CERTIFICATESSTATUSES'),
    });
    openDevices('/series/devices', { me });
    await card(ACTIVE.serialNumber);
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/HeartBeat/status')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/DeviceCertificate/Validity/status')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: /Calibration/ })).not.toBeInTheDocument();
  });

  it('never sends a customer internal-only filters a copied link carries, nor offers them as links', async () => {
    const fetchSpy = serve();
    openDevices('/series/devices?OfficialStoreCode=ST-PARIS&MakerFilter=Kessler', { me: testMe() });
    const active = within(await card(ACTIVE.serialNumber));
    expect(active.queryByRole('link', { name: 'ST-PARIS' })).not.toBeInTheDocument();
    expect(active.getByText('ST-PARIS')).toBeInTheDocument();
    const [list] = requestsTo(fetchSpy, '/api/Series/User');
    expect(list?.url.searchParams.get('MakerFilter')).toBe('Kessler');
    expect(list?.url.searchParams.has('OfficialStoreCode')).toBe(false);
    expect(screen.getByText('Maker: Kessler')).toBeInTheDocument();
  });

  it('shows a heartbeat failure once, however often the poll fails', async () => {
    const queryClient = testQueryClient();
    serve({ heartbeats: () => ({ status: 503, body: { status: 503, message: 'down' } }) });
    openDevices('/series/devices', { me: admin, queryClient });
    expect(await screen.findByText('Online status unavailable')).toBeInTheDocument();
    await queryClient.refetchQueries({ queryKey: ['heartbeat-status'] });
    await queryClient.refetchQueries({ queryKey: ['heartbeat-status'] });
    expect(screen.getAllByText('Online status unavailable')).toHaveLength(1);
    expect(screen.getByText(/The service is unavailable for the moment/)).toBeInTheDocument();
  });

  it('shows a calibration failure under its own title', async () => {
    serve({ validities: { status: 500, body: { status: 500, message: 'boom' } } });
    openDevices();
    expect(await screen.findByText('Calibration status unavailable')).toBeInTheDocument();
    expect(
      await within(await card(ACTIVE.serialNumber)).findByRole('img', { name: 'Online' }),
    ).toBeInTheDocument();
  });

  it('shows the error with Retry when the list cannot be loaded, and no pager', async () => {
    let down = true;
    serve({
      list: () =>
        down
          ? { status: 400, body: { status: 400, message: 'TypeFilter: unknown type' } }
          : { body: { series: CARDS, totalCount: 45 } },
    });
    const user = userEvent.setup();
    openDevices();
    const failure = await screen.findByRole('alert', { name: 'The list could not be loaded.' });
    expect(within(failure).getByText(/TypeFilter: unknown type/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    down = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await card(ACTIVE.serialNumber)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
  });

  it('says there are no devices yet when the list is empty without filters', async () => {
    serve({ list: { body: { series: [], totalCount: 0 } } });
    openDevices();
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Check the filters/)).not.toBeInTheDocument();
  });

  it('says that no device matches the filters, and clears them', async () => {
    const fetchSpy = serve({ list: { body: { series: [], totalCount: 0 } } });
    const user = userEvent.setup();
    const router = openDevices('/series/devices?MakerFilter=Nobody&Search=abc');
    expect(await screen.findByText('No device matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('MakerFilter'));
    expect(router.state.location.search).not.toContain('Search');
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(2));
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
  });

  it('sends a page beyond the last one to the last page, replacing the URL', async () => {
    const fetchSpy = serve({
      list: { body: { series: [], totalCount: 45 } },
    });
    const router = openDevices('/series/devices?pageNumber=999');
    await waitFor(() => expect(router.state.location.search).toContain('pageNumber=3'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('No devices yet')).not.toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(2));
    const pages = requestsTo(fetchSpy, '/api/Series/User').map(({ url }) =>
      url.searchParams.get('PageNumber'),
    );
    expect(pages).toEqual(['999', '3']);
  });

  it('never sends a search longer than the server takes, and says so in the filter bar', async () => {
    const fetchSpy = serve();
    openDevices(`/series/devices?Search=${'x'.repeat(500)}`);
    const limit =
      'Search takes at most 100 characters; this one has 500. The list is not asked for until it is shortened or removed.';
    expect(await screen.findAllByText(limit)).toHaveLength(2);
    expect(screen.getByText('This search is not sent')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(0);
  });

  it('refuses to add a search longer than 100 characters as it is typed', async () => {
    const fetchSpy = serve();
    const user = userEvent.setup();
    const router = openDevices();
    await card(ACTIVE.serialNumber);
    const input = screen.getByLabelText('Filter');
    await user.click(input);
    await user.paste('y'.repeat(101));
    expect(
      await screen.findByText('Search takes at most 100 characters; 101 typed. Shorten it to search.'),
    ).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).not.toContain('Search');
    await user.keyboard('{Backspace}{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain(`Search=${'y'.repeat(100)}`));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(2));
  });

  it('pages through the list and asks for the heartbeats of the new page', async () => {
    const fetchSpy = serve({ list: { body: { series: CARDS, totalCount: 45 } } });
    const user = userEvent.setup();
    const router = openDevices('/series/devices?sortColumnName=Country&sortOrder=DESC');
    await card(ACTIVE.serialNumber);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toContain('pageNumber=2'));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(2));
    const second = requestsTo(fetchSpy, '/api/Series/User')[1]!.url.searchParams;
    expect(second.get('PageNumber')).toBe('2');
    expect(second.get('SortColumnName')).toBe('Country');
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();
  });

  it('selects the devices of the page for a bulk action, and clears them', async () => {
    serve();
    const user = userEvent.setup();
    openDevices();
    await card(ACTIVE.serialNumber);
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByText('3 selected (at most 100)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: `Select ${ACTIVE.serialNumber}` })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('0 selected (at most 100)')).toBeInTheDocument();
  });
});

describe('the filters on what a device went through', () => {
  const typesOffered = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByLabelText('Filter'));
    return within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
  };

  it('offers job type, update type and version tokens with the suggested values, and sends those picked', async () => {
    const fetchSpy = serve();
    const user = userEvent.setup();
    const router = openDevices();
    await card(ACTIVE.serialNumber);
    expect(await typesOffered(user)).toEqual(
      expect.arrayContaining(['Job type', 'Update type', 'Updated to version']),
    );
    await user.click(screen.getByRole('option', { name: 'Job type' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Calibration', 'Relearn']);
    await user.click(screen.getByRole('option', { name: 'Relearn' }));
    await user.click(screen.getByLabelText('Filter'));
    await user.click(await screen.findByRole('option', { name: 'Update type' }));
    await user.click(await screen.findByRole('option', { name: 'Software' }));
    await user.click(screen.getByLabelText('Filter'));
    await user.click(await screen.findByRole('option', { name: 'Updated to version' }));
    await user.click(await screen.findByRole('option', { name: '9.9.1' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('VersionNumberFilter')).toBe('9.9.1'),
    );
    expect(screen.getByText('Job type: Relearn')).toBeInTheDocument();
    expect(screen.getByText('Update type: Software')).toBeInTheDocument();
    await waitFor(() => {
      const last = requestsTo(fetchSpy, '/api/Series/User').at(-1)!.url.searchParams;
      expect([
        last.get('SerieJobFilter'),
        last.get('VersionTypeFilter'),
        last.get('VersionNumberFilter'),
      ]).toEqual(['Relearn', 'Software', '9.9.1']);
    });
  });

  it('offers them only to those who see the jobs and updates of a device', async () => {
    serve();
    const user = userEvent.setup();
    openDevices('/series/devices', {
      me: testMe({ roles: ['location-viewer'], features: usableFeatures(['location-viewer']) }),
    });
    await card(ACTIVE.serialNumber);
    const offered = await typesOffered(user);
    expect(offered).toContain('Maker');
    expect(offered).not.toContain('Job type');
    expect(offered).not.toContain('Update type');
    expect(offered).not.toContain('Updated to version');
  });
});

describe('bulk early access', () => {
  const ALL = CARDS.map((c) => c.serialNumber);
  const selectPage = async (user: ReturnType<typeof userEvent.setup>) => {
    await card(ACTIVE.serialNumber);
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByText('3 selected (at most 100)')).toBeInTheDocument();
  };
  const bulkActions = () => within(screen.getByRole('group', { name: 'Actions on the selection' }));
  const bodiesOf = (fetchSpy: ReturnType<typeof stubFetch>) =>
    requestsTo(fetchSpy, '/api/Series/EarlyAccessStatus').map(({ init }) => JSON.parse(String(init?.body)));

  it('turns early access on for the selection after a question naming how many, then clears it', async () => {
    const fetchSpy = serve({
      earlyAccess: () => ({
        body: { results: ALL.map((serialNumber) => ({ serialNumber, outcome: 'done' })) },
      }),
    });
    const user = userEvent.setup();
    openDevices();
    await selectPage(user);
    expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(1);

    await user.click(bulkActions().getByRole('button', { name: 'Early access on' }));
    const question = within(await screen.findByRole('dialog', { name: 'Early access on' }));
    expect(question.getByText('Turn early access on for 3 selected devices?')).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Early access is on for 3 devices.')).toBeInTheDocument();
    expect(bodiesOf(fetchSpy)).toEqual([{ serialNumbers: ALL, earlyAccess: true }]);
    expect(screen.getByText('0 selected (at most 100)')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(2));
  });

  it('lists each device refused or not found with the server message, and keeps only those selected', async () => {
    const fetchSpy = serve({
      earlyAccess: () => ({
        body: {
          results: [
            { serialNumber: ACTIVE.serialNumber, outcome: 'done' },
            {
              serialNumber: BLACKLISTED.serialNumber,
              outcome: 'refused',
              message: 'Early access cannot be changed in status B',
            },
            { serialNumber: DEACTIVATED.serialNumber, outcome: 'notFound', message: 'Device not found' },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    openDevices();
    await selectPage(user);
    await user.click(bulkActions().getByRole('button', { name: 'Early access off' }));
    const question = within(await screen.findByRole('dialog', { name: 'Early access off' }));
    expect(question.getByText('Turn early access off for 3 selected devices?')).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Confirm' }));

    const result = within(await screen.findByRole('dialog', { name: 'Early access off' }));
    expect(
      await result.findByText('1 of 3 devices were changed. These were not, and stay selected:'),
    ).toBeInTheDocument();
    const rows = within(result.getByRole('table', { name: 'Devices not changed' })).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [],
      [BLACKLISTED.serialNumber, 'Refused', 'Early access cannot be changed in status B'],
      [DEACTIVATED.serialNumber, 'Not found', 'Device not found'],
    ]);
    expect(bodiesOf(fetchSpy)).toEqual([{ serialNumbers: ALL, earlyAccess: false }]);
    expect(screen.queryByText(/Early access is off for/)).not.toBeInTheDocument();
    await user.click(result.getByRole('button', { name: 'Close' }));

    expect(screen.getByText('2 selected (at most 100)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: `Select ${ACTIVE.serialNumber}` })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: `Select ${BLACKLISTED.serialNumber}` })).toBeChecked();
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(2));
  });

  it('keeps the selection and shows the error when the server refuses the whole call', async () => {
    const fetchSpy = serve({
      earlyAccess: () => ({ status: 403, body: { status: 403, message: 'Forbidden' } }),
    });
    const user = userEvent.setup();
    openDevices();
    await selectPage(user);
    await user.click(bulkActions().getByRole('button', { name: 'Early access on' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Early access on' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText(/Forbidden/)).toBeInTheDocument();
    expect(screen.getByText('3 selected (at most 100)')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, '/api/Series/User')).toHaveLength(1);
  });

  it('asks nothing of the server when the question is cancelled, and waits for a selection', async () => {
    const fetchSpy = serve({ earlyAccess: () => ({ body: { results: [] } }) });
    const user = userEvent.setup();
    openDevices();
    await card(ACTIVE.serialNumber);
    expect(bulkActions().getByRole('button', { name: 'Early access on' })).toBeDisabled();
    expect(bulkActions().getByRole('button', { name: 'Early access off' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: `Select ${ACTIVE.serialNumber}` }));
    await user.click(bulkActions().getByRole('button', { name: 'Early access off' }));
    const question = within(await screen.findByRole('dialog', { name: 'Early access off' }));
    expect(question.getByText('Turn early access off for 1 selected device?')).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchSpy, '/api/Series/EarlyAccessStatus')).toHaveLength(0);
    expect(screen.getByText('1 selected (at most 100)')).toBeInTheDocument();
  });

  it('offers a support-user, who may not do the single action, the export of the selection only', async () => {
    serve();
    openDevices('/series/devices', {
      me: testMe({ roles: ['support-user'], features: usableFeatures(['support-user']), wholeFleet: true }),
    });
    await card(ACTIVE.serialNumber);
    const actions = screen.getByRole('group', { name: 'Actions on the selection' });
    expect(within(actions).getByRole('button', { name: 'Export the selection' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Early access/ })).not.toBeInTheDocument();
  });

  it.each([
    ['customer-engineering-manager', false],
    ['location-viewer', false],
  ] as const)(
    'offers a %s, who has no action on a selection, no selection at all',
    async (role, wholeFleet) => {
      serve();
      openDevices('/series/devices', {
        me: testMe({ roles: [role], features: usableFeatures([role]), wholeFleet }),
      });
      await card(ACTIVE.serialNumber);
      expect(screen.queryByRole('checkbox', { name: 'Select this page' })).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: /^Select / })).not.toBeInTheDocument();
    },
  );
});

describe('exporting a selection of devices', () => {
  it('sends the selected serial numbers as the export filters', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(
      {},
      { 'POST /api/Series/User/Export': { status: 202, body: { requestId: 'task-1' } } },
    );
    renderRoute([{ path: '/series/devices', element: <DevicesPage /> }], '/series/devices', 'administrator');
    await card(ACTIVE.serialNumber);
    await user.click(screen.getByRole('checkbox', { name: `Select ${ACTIVE.serialNumber}` }));
    await user.click(screen.getByRole('button', { name: 'Export 1 devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the selected devices' });
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User/Export')).toHaveLength(1));
    const [sent] = requestsTo(fetchSpy, '/api/Series/User/Export');
    expect(JSON.parse(String(sent?.init?.body)).Filters).toEqual({ SerialNumbers: [ACTIVE.serialNumber] });
  });

  it('adds the extra data ticked, among the parts of a device the user sees', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(
      {},
      { 'POST /api/Series/User/Export': { status: 202, body: { requestId: 'task-1' } } },
    );
    const features = usableFeatures(['administrator']).filter((code) => code !== 'SERIES.DETAILS.USERS');
    renderRoute([{ path: '/series/devices', element: <DevicesPage /> }], '/series/devices', 'administrator', {
      me: { features },
    });
    await card(ACTIVE.serialNumber);
    await user.click(screen.getByRole('checkbox', { name: `Select ${ACTIVE.serialNumber}` }));
    await user.click(screen.getByRole('button', { name: 'Export 1 devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the selected devices' });
    const extras = within(dialog).getByRole('group', { name: 'Also export' });
    expect(
      within(extras)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['components', 'accessories']);
    await user.click(within(extras).getByRole('checkbox', { name: 'Components' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User/Export')).toHaveLength(1));
    const [sent] = requestsTo(fetchSpy, '/api/Series/User/Export');
    expect(JSON.parse(String(sent?.init?.body)).Filters).toEqual({
      SerialNumbers: [ACTIVE.serialNumber],
      extraDataExports: ['components'],
    });
  });
});

describe('devices list of a location viewer', () => {
  it('shows the cards the server sends without internal values, and asks only for what the role may use', async () => {
    const cards = CARDS.map(({ earlyAccess: _earlyAccess, group: _group, ...visible }) => ({
      ...visible,
      officialStore: visible.officialStore && {
        id: visible.officialStore.id,
        storeStatus: visible.officialStore.storeStatus,
      },
    }));
    const fetchSpy = serve({ list: { body: { series: cards, totalCount: cards.length } } });
    const role = 'location-viewer';
    openDevices('/series/devices', {
      me: testMe({ roles: [role], features: usableFeatures([role]), wholeFleet: false }),
    });
    const active = within(await card(ACTIVE.serialNumber));
    expect(active.getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      `/serie/${ACTIVE.serialNumber}`,
    );
    expect(active.getByText('ST-PARIS')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/HeartBeat/status')).toHaveLength(1));
    const called = new Set(
      fetchSpy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname),
    );
    expect(called).toEqual(
      new Set(['/api/configurations/users/user-1', '/api/Series/User', '/api/HeartBeat/status']),
    );
    expect(screen.queryByRole('img', { name: /Calibration/ })).not.toBeInTheDocument();
  });
});

describe('devices list during an outage', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
  });

  /** The devices list under the connection banner, on the given client. */
  function openWithBanner(queryClient: QueryClient) {
    const router = createMemoryRouter(
      [
        {
          path: '/series/devices',
          element: (
            <>
              <ConnectionBanner />
              <DevicesPage />
            </>
          ),
        },
      ],
      { initialEntries: ['/series/devices'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { me: admin, queryClient });
    return router;
  }

  it('says the service is unavailable when the server answers 503, without an error per call', async () => {
    let unavailable = false;
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    stop = connectionMonitorOf(queryClient).start();
    const or503 = (answer: () => Answer) => (): Answer =>
      unavailable
        ? { status: 503, body: { status: 503, message: 'The database cannot be reached for the moment' } }
        : answer();
    stubFetch({
      'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: CONFIGURATION } },
      'GET /api/Series/User': or503(() => ({ body: { series: CARDS, totalCount: CARDS.length } })),
      'POST /api/HeartBeat/status': or503(() => ({ body: HEARTBEATS })),
      'POST /api/DeviceCertificate/Validity/status': or503(() => ({ body: VALIDITIES })),
      'POST /api/Updates/DevicesLastUpdate': or503(() => ({ body: LAST_UPDATES })),
      'GET /api/health': or503(() => ({ body: { status: 'ok' } })),
    });
    openWithBanner(queryClient);
    expect(await card(ACTIVE.serialNumber)).toBeInTheDocument();

    unavailable = true;
    void queryClient.refetchQueries({ queryKey: ['series-list'] });
    const banner = await screen.findByRole('alert', {
      name: 'Service unavailable: the server cannot reach its data for the moment',
    });
    expect(banner).toHaveTextContent(/may be stale/);
    expect(await card(ACTIVE.serialNumber)).toBeInTheDocument();
    // The banner says it once: no error of the call beside it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('keeps the cards marked stale under an offline banner, and recovers as soon as the server answers', async () => {
    let down = false;
    // As the console's client: reads that fail are retried (here at once), actions are not.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: 3, retryDelay: 10 }, mutations: { retry: false } },
    });
    stop = connectionMonitorOf(queryClient).start();
    const unreachable = (answer: () => Answer) => () => {
      if (down) throw new TypeError('Failed to fetch');
      return answer();
    };
    const fetchSpy = stubFetch({
      'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: CONFIGURATION } },
      'GET /api/Series/User': unreachable(() => ({ body: { series: CARDS, totalCount: CARDS.length } })),
      'POST /api/HeartBeat/status': unreachable(() => ({ body: HEARTBEATS })),
      'POST /api/DeviceCertificate/Validity/status': unreachable(() => ({ body: VALIDITIES })),
      'GET /api/health': unreachable(() => ({ body: { status: 'ok' } })),
    });
    const user = userEvent.setup();
    openWithBanner(queryClient);
    const active = within(await card(ACTIVE.serialNumber));
    expect(await active.findByRole('img', { name: 'Online' })).toBeInTheDocument();

    down = true;
    void queryClient.refetchQueries({ queryKey: ['series-list'] });
    const banner = await screen.findByRole('alert', { name: 'Offline: the server does not answer' });
    expect(banner).toHaveTextContent(/may be stale/);
    expect(within(banner).getByText(/Checking again in \d+ s\./)).toBeInTheDocument();
    const stale = await screen.findByRole('status', { name: 'Stale data' });
    expect(stale).toHaveTextContent(/^Stale dataLoaded on \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d\./);
    // The data stays, and the online badge no longer says Online.
    expect(await card(ACTIVE.serialNumber)).toBeInTheDocument();
    expect(active.getByRole('img', { name: 'Stale: was online' })).toBeInTheDocument();
    expect(active.queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
    expect(screen.queryByText('No devices yet')).not.toBeInTheDocument();

    down = false;
    const listCalls = requestsTo(fetchSpy, '/api/Series/User').length;
    await user.click(within(banner).getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByRole('status', { name: 'Back online' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Offline/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Stale data' })).not.toBeInTheDocument());
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Series/User').length).toBeGreaterThan(listCalls));
    expect(await active.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(requestsTo(fetchSpy, '/api/health').length).toBeGreaterThan(0);
  });
  it('keeps the cards shown when another page is asked for while offline, and shows it once the server answers', async () => {
    let down = false;
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: 3, retryDelay: 10 }, mutations: { retry: false } },
    });
    stop = connectionMonitorOf(queryClient).start();
    const SECOND = seriesCard('ALIGN0000000021');
    stubFetch({
      'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: CONFIGURATION } },
      'GET /api/Series/User': (request: Request) => {
        if (down) throw new TypeError('Failed to fetch');
        const second = new URL(request.url).searchParams.get('PageNumber') === '2';
        return { body: { series: second ? [SECOND] : CARDS, totalCount: 21 } };
      },
      'POST /api/HeartBeat/status': () => ({ body: HEARTBEATS }),
      'POST /api/DeviceCertificate/Validity/status': { body: VALIDITIES },
      'GET /api/health': () => {
        if (down) throw new TypeError('Failed to fetch');
        return { body: { status: 'ok' } };
      },
    });
    const router = openWithBanner(queryClient);
    expect(await card(ACTIVE.serialNumber)).toBeInTheDocument();

    down = true;
    void queryClient.refetchQueries({ queryKey: ['series-list'] });
    await screen.findByRole('alert', { name: 'Offline: the server does not answer' });
    await act(() => router.navigate('/series/devices?pageNumber=2&pageSize=20'));
    const stale = await screen.findByRole('status', { name: 'Stale data' });
    await waitFor(() => expect(stale).toHaveTextContent(/This page could not be loaded yet/));
    // The first page's cards stay, instead of placeholders that could not fill.
    expect(await card(ACTIVE.serialNumber)).toBeInTheDocument();

    down = false;
    await act(() => connectionMonitorOf(queryClient).probeNow());
    expect(await card(SECOND.serialNumber)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: ACTIVE.serialNumber })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Stale data' })).not.toBeInTheDocument());
  });
});
