import { rolloutDeviceListAnswerSchema, rolloutSchema, type RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { RolloutPage } from './rollout-page';

const wave = (number: number, state: 'running' | 'pending', devices: number, succeeded: number) => ({
  number,
  state,
  devices,
  offered: state === 'running' ? devices - succeeded : 0,
  started: 0,
  succeeded,
  failed: 0,
  failurePercent: 0,
  startedAt: state === 'running' ? '2026-11-27T10:00:00.000Z' : null,
});

const ROLLOUT = rolloutSchema.parse({
  id: 12,
  deviceType: 'TPMS',
  version: '2.5.0',
  kind: 'software',
  state: 'running',
  filter: {},
  failureThresholdPercent: 10,
  waveWindowMinutes: 1440,
  currentWave: 1,
  waves: [wave(1, 'running', 6, 2), wave(2, 'pending', 114, 0)],
  devices: 120,
  succeeded: 2,
  failed: 0,
  started: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'Devops manager',
  endedAt: null,
  reason: null,
});

const DEVICES = rolloutDeviceListAnswerSchema.parse({
  data: [
    {
      serialNumber: 'TQW8C9311700001',
      wave: 1,
      state: 'succeeded',
      fromVersion: '2.4.1',
      percent: null,
      details: null,
      updatedAt: '2026-11-27T11:00:00.000Z',
    },
  ],
  totalCount: 1,
});

function stubRollout(answers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/Updates/rollouts/12': { body: ROLLOUT },
    'GET /api/Updates/rollouts/12/devices': { body: DEVICES },
    ...answers,
  });
}

function open(role: RoleCode) {
  renderRoute(
    [{ path: '/version/rollouts/:rolloutId', element: <RolloutPage /> }],
    '/version/rollouts/12',
    role,
  );
}

describe('a rollout', () => {
  it('shows its waves and devices, with pause and cancel to a devops manager', async () => {
    stubRollout();
    open('devops-manager');
    expect(await screen.findByRole('heading', { name: 'Rollout 12 · 2.5.0', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Versions of TPMS' })).toHaveAttribute(
      'href',
      '/version?type=TPMS',
    );
    expect(screen.getByRole('listitem', { name: 'Wave 1' })).toHaveTextContent(/4 offered, not answered yet/);
    expect(screen.getByRole('listitem', { name: 'Wave 2' })).toBeVisible();
    const devices = await screen.findByRole('table', { name: 'Devices of the rollout' });
    const device = within(devices).getByRole('row', { name: /TQW8C9311700001/ });
    expect(within(device).getByText('Updated')).toBeVisible();
    expect(within(device).getByText('2.4.1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel the rollout' })).toBeVisible();
  });

  it('sorts its devices by header: the sorted one turns around, another sorts ascending', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubRollout();
    open('support-user');
    const header = async (name: string) =>
      within(await screen.findByRole('table', { name: 'Devices of the rollout' })).getByRole('columnheader', {
        name: new RegExp(`^${name}`),
      });
    // By wave at first, the list's default.
    expect(await header('Wave')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(await header('Wave')).getByRole('button'));
    await waitFor(async () => expect(await header('Wave')).toHaveAttribute('aria-sort', 'descending'));
    await user.click(within(await header('Last report')).getByRole('button'));
    await waitFor(async () => expect(await header('Last report')).toHaveAttribute('aria-sort', 'ascending'));
    const sorts = requestsTo(fetchSpy, 'GET', '/api/Updates/rollouts/12/devices').map(({ url }) =>
      [url.searchParams.get('SortColumnName'), url.searchParams.get('SortOrder')].join(' '),
    );
    expect(sorts).toEqual(expect.arrayContaining(['Wave DESC', 'UpdatedAt ASC']));
    expect(await header('State')).not.toHaveAttribute('aria-sort');
  });

  it('is paused by its button, and says so', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubRollout({
      'POST /api/Updates/rollouts/12/pause': { body: { ...ROLLOUT, state: 'paused' } },
    });
    open('administrator');
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Rollout 12 is paused: nothing new is offered.')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Updates/rollouts/12/pause')).toHaveLength(1);
  });

  it('is followed by a support user without any action on it', async () => {
    stubRollout();
    open('support-user');
    expect(await screen.findByRole('heading', { name: 'Rollout 12 · 2.5.0', level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the rollout' })).toBeNull();
  });
});
