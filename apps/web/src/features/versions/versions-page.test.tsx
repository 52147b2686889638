import {
  deviceTypeDetailSchema,
  deviceTypeListAnswerSchema,
  rolloutListAnswerSchema,
  rolloutPreviewSchema,
  rolloutSchema,
  seriesFilterSuggestionsSchema,
  type RoleCode,
} from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { VersionsPage } from './versions-page';

const TYPES = deviceTypeListAnswerSchema.parse({
  deviceTypes: [
    { type: 'TPMS', devices: 120, declared: false },
    { type: 'BRAKE-TESTER', devices: 0, declared: true },
  ],
  totalCount: 2,
  typeMaxLength: 32,
});

const version = (number: string, availability: 'general' | 'early' | 'withdrawn', devices: number) => ({
  number,
  kind: 'software',
  fileName: `tpms-${number}.zip`,
  size: 48_000_000,
  sha256: 'a'.repeat(64),
  notes: `Release ${number}`,
  uploadedAt: '2026-10-01T08:00:00.000Z',
  uploadedBy: 'Devops manager',
  availability,
  devices,
  updating: 0,
  inRollout: false,
});

const TPMS = deviceTypeDetailSchema.parse({
  type: 'TPMS',
  devices: 120,
  declared: false,
  versions: [version('2.5.0', 'early', 3), version('2.4.1', 'general', 117)],
});

const ROLLOUT = rolloutSchema.parse({
  id: 12,
  deviceType: 'TPMS',
  version: '2.5.0',
  kind: 'software',
  state: 'running',
  filter: { serialNumbers: ['TQW8C9311700001', 'TQW8C9311700002'] },
  failureThresholdPercent: 10,
  waveWindowMinutes: 1440,
  currentWave: 1,
  waves: [
    {
      number: 1,
      state: 'running',
      devices: 2,
      offered: 2,
      started: 0,
      succeeded: 0,
      failed: 0,
      failurePercent: 0,
      startedAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  devices: 2,
  succeeded: 0,
  failed: 0,
  started: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'Devops manager',
  endedAt: null,
  reason: null,
});

const PREVIEW = rolloutPreviewSchema.parse({
  devices: 2,
  earlyAccessDevices: 0,
  waves: [1, 1],
  upToDate: 0,
  activeRolloutId: null,
});

const SUGGESTIONS = seriesFilterSuggestionsSchema.parse({
  types: ['TPMS'],
  makers: [],
  softwareVersion: ['2.4.1'],
  databaseVersion: [],
  dealerCodes: [],
  jobType: [],
  versionType: [],
  versionNumber: [],
  groups: [{ groupId: 4, groupName: 'Lyon workshop' }],
});

const VERSION_PATH = '/api/Updates/DeviceTypes/TPMS/versions/2.5.0';

function stubVersions(answers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/Updates/DeviceTypes': { body: TYPES },
    'GET /api/Updates/DeviceTypes/TPMS': { body: TPMS },
    'GET /api/Updates/rollouts': { body: rolloutListAnswerSchema.parse({ data: [], totalCount: 0 }) },
    'GET /api/Series/User/FilterSuggestion': { body: SUGGESTIONS },
    'POST /api/Updates/rollouts/preview': { body: PREVIEW },
    ...answers,
  });
}

function open(role: RoleCode) {
  return renderRoute(
    [
      { path: '/version', element: <VersionsPage /> },
      { path: '/version/rollouts/:rolloutId', element: <p>Rollout screen</p> },
    ],
    '/version',
    role,
  );
}

async function versionsTable() {
  return screen.findByRole('table', { name: 'Versions of TPMS' });
}

async function openRolloutOf(user: ReturnType<typeof userEvent.setup>) {
  await versionsTable();
  await user.click(screen.getByRole('button', { name: 'Start a rollout' }));
  return screen.findByRole('dialog', { name: 'Rollout to TPMS devices' });
}

describe('the versions screen', () => {
  it('shows a devops manager the device types, the versions of the first, and every action on them', async () => {
    const user = userEvent.setup();
    stubVersions();
    const router = open('devops-manager');
    const table = await versionsTable();
    expect(router.state.location.search).toBe('?type=TPMS');
    const types = screen.getByRole('navigation', { name: 'Device types' });
    expect(within(types).getByText('BRAKE-TESTER')).toBeVisible();
    expect(within(types).getByText('Declared')).toBeVisible();
    expect(within(table).getByRole('row', { name: /2\.5\.0 Software Early access/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /2\.4\.1 Software General/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload a version' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start a rollout' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Declare a device type' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Actions on TPMS 2.5.0' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'See the content',
      'Download',
      'Start a rollout of it',
      'Make it general (through rollouts)',
      'Withdraw',
      'Delete',
    ]);
  });

  it('lets a support user read versions and their content, but change nothing', async () => {
    const user = userEvent.setup();
    stubVersions();
    open('support-user');
    await versionsTable();
    expect(screen.queryByRole('button', { name: 'Upload a version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start a rollout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Declare a device type' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions on TPMS 2.5.0' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['See the content', 'Download']);
  });

  it('makes an early version general for rollouts, and says so', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubVersions({
      [`PUT ${VERSION_PATH}/availability`]: { body: { ...TPMS.versions[0], availability: 'general' } },
    });
    open('administrator');
    await versionsTable();
    await user.click(screen.getByRole('button', { name: 'Actions on TPMS 2.5.0' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make it general (through rollouts)' }));
    expect(await screen.findByText('TPMS 2.5.0 is general: rollouts can send it.')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', `${VERSION_PATH}/availability`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ availability: 'general' });
  });
});

describe('starting a rollout', () => {
  it('sends the version to the serial numbers typed, in the waves asked, then opens the rollout', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubVersions({ 'POST /api/Updates/rollouts': { status: 201, body: ROLLOUT } });
    const router = open('devops-manager');
    const dialog = await openRolloutOf(user);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Serial numbers/ }),
      'TQW8C9311700001, TQW8C9311700002',
    );
    const waves = within(dialog).getByRole('textbox', { name: /^Waves/ });
    await user.clear(waves);
    await user.type(waves, '50, 100');
    expect(await within(dialog).findByText('2 devices will be updated')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/version/rollouts/12'));
    expect(await screen.findByText('Rollout 12 of 2.5.0 is started.')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Updates/rollouts');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      deviceType: 'TPMS',
      version: '2.5.0',
      filter: { serialNumbers: ['TQW8C9311700001', 'TQW8C9311700002'] },
      wavePercents: [50, 100],
      failureThresholdPercent: 10,
      waveWindowMinutes: 1440,
    });
  });

  it('says waves that do not grow under their field, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubVersions({ 'POST /api/Updates/rollouts': { status: 201, body: ROLLOUT } });
    open('devops-manager');
    const dialog = await openRolloutOf(user);
    const waves = within(dialog).getByRole('textbox', { name: /^Waves/ });
    await user.clear(waves);
    await user.type(waves, '50, 20');
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));
    expect(waves).toHaveAccessibleDescription(/Give growing percents from 1 to 100/);
    expect(requestsTo(fetchSpy, 'POST', '/api/Updates/rollouts')).toHaveLength(0);
  });

  it("puts the server's refusal of a serial number under that field, in the user's words", async () => {
    const user = userEvent.setup();
    stubVersions({
      'POST /api/Updates/rollouts': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.filter.serialNumbers: TQW8C9399999999 is not a device of TPMS',
          details: [
            {
              field: 'body.filter.serialNumbers',
              message: 'TQW8C9399999999 is not a device of TPMS',
              rule: { kind: 'unknown' },
            },
          ],
        },
      },
    });
    open('devops-manager');
    const dialog = await openRolloutOf(user);
    const serials = within(dialog).getByRole('textbox', { name: /^Serial numbers/ });
    await user.type(serials, 'TQW8C9399999999');
    await within(dialog).findByText('2 devices will be updated');
    await user.click(within(dialog).getByRole('button', { name: 'Start the rollout' }));
    expect(await within(dialog).findByText('Not found: choose an existing one')).toBeVisible();
    expect(serials).toHaveAccessibleDescription(/Not found: choose an existing one/);
    expect(within(dialog).getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid/)).toBeNull();
  });
});

/** Uploads go through XMLHttpRequest (for their progress): this one answers each with `answer`. */
function stubUploads(answer: { status: number; body: unknown }) {
  const sent: { method: string; url: string; body: FormData }[] = [];
  class FakeRequest {
    upload: { onprogress?: (event: { loaded: number; total: number }) => void } = {};
    status = 0;
    statusText = '';
    responseText = '';
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private target = { method: '', url: '' };
    open(method: string, url: string) {
      this.target = { method, url };
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ ...this.target, body });
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

describe('uploading a version', () => {
  async function fillUpload(user: ReturnType<typeof userEvent.setup>, number: string) {
    await versionsTable();
    await user.click(screen.getByRole('button', { name: 'Upload a version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a version of TPMS' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Version number/ }), number);
    await user.type(within(dialog).getByRole('textbox', { name: /^Release notes/ }), 'Faster pairing');
    const file = new File(['PK fake archive'], 'tpms-2.6.0.zip', { type: 'application/zip' });
    // The file field is a button over a hidden file input, which receives the file chosen.
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(within(dialog).getByRole('button', { name: /^File/ })).toHaveTextContent('tpms-2.6.0.zip');
    return dialog;
  }

  it('says a number not written as a version under its field, and sends nothing', async () => {
    const user = userEvent.setup();
    stubVersions();
    const sent = stubUploads({ status: 201, body: {} });
    open('devops-manager');
    const dialog = await fillUpload(user, 'six');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('textbox', { name: /^Version number/ })).toHaveAccessibleDescription(
      /Write the number as major\.minor\.patch or major\.minor/,
    );
    expect(sent).toHaveLength(0);
  });

  it("sends the fields with the file, and puts the server's refusal under the version number", async () => {
    const user = userEvent.setup();
    stubVersions();
    const sent = stubUploads({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.number: TPMS 2.5.0 exists already',
        details: [{ field: 'body.number', message: 'TPMS 2.5.0 exists already', rule: { kind: 'taken' } }],
      },
    });
    open('devops-manager');
    const dialog = await fillUpload(user, '2.5.0');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const number = within(dialog).getByRole('textbox', { name: /^Version number/ });
    expect(await within(dialog).findByText('Already in use')).toBeVisible();
    expect(number).toHaveAccessibleDescription(/Already in use/);
    expect(within(dialog).queryByText(/body\.|Invalid/)).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/Updates/DeviceTypes/TPMS/versions');
    const fields = Object.fromEntries(
      [...sent[0]!.body.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : 'a file',
      ]),
    );
    expect(fields).toEqual({
      number: '2.5.0',
      kind: 'software',
      notes: 'Faster pairing',
      availability: 'general',
      file: 'a file',
    });
  });
});

describe('deleting a declared device type', () => {
  const BRAKE = deviceTypeDetailSchema.parse({
    type: 'BRAKE-TESTER',
    devices: 0,
    declared: true,
    versions: [],
  });

  it('deletes a declared type nothing uses, after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubVersions({
      'GET /api/Updates/DeviceTypes/BRAKE-TESTER': { body: BRAKE },
      'DELETE /api/Updates/DeviceTypes/BRAKE-TESTER': { status: 204 },
    });
    renderRoute(
      [{ path: '/version', element: <VersionsPage /> }],
      '/version?type=BRAKE-TESTER',
      'devops-manager',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete this type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the device type BRAKE-TESTER?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete this type' }));
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'DELETE', '/api/Updates/DeviceTypes/BRAKE-TESTER')).toHaveLength(1),
    );
  });

  it('says why a declared type with versions stays, and offers nothing to a type of the fleet', async () => {
    stubVersions({
      'GET /api/Updates/DeviceTypes/BRAKE-TESTER': {
        body: { ...BRAKE, versions: [version('1.0.0', 'general', 0)] },
      },
    });
    renderRoute(
      [{ path: '/version', element: <VersionsPage /> }],
      '/version?type=BRAKE-TESTER',
      'devops-manager',
    );
    const button = await screen.findByRole('button', { name: 'Delete this type' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Delete its 1 version first.');
  });

  it('is not offered for a type devices have, nor to a role that may not delete', async () => {
    stubVersions();
    open('devops-manager');
    await versionsTable();
    expect(screen.queryByRole('button', { name: 'Delete this type' })).toBeNull();
    stubVersions({ 'GET /api/Updates/DeviceTypes/BRAKE-TESTER': { body: BRAKE } });
    renderRoute(
      [{ path: '/version', element: <VersionsPage /> }],
      '/version?type=BRAKE-TESTER',
      'support-user',
    );
    await screen.findByRole('heading', { name: 'BRAKE-TESTER' });
    expect(screen.queryByRole('button', { name: 'Delete this type' })).toBeNull();
  });
});
