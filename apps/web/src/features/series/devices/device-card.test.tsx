import type { CertificateValidity, ConnectedDevice, HeartbeatStatus, SeriesCard } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testMe } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/providers';
import { seriesCard, UTC_CONFIGURATION } from '../../../testing/series-fixtures';
import { HubContext } from '../../../hooks/use-hub';
import type { HubClient, HubState } from '../../../lib/hub/hub-client';
import { DeviceCard } from './device-card';

/** A hub client that only holds a state: the devices connected now. */
function hubWith(devices: ConnectedDevice[]): HubClient {
  const state: HubState = {
    status: 'connected',
    devices: new Map(devices.map((device) => [device.serialNumber, device])),
    retryAt: null,
  };
  return { subscribe: () => () => undefined, getState: () => state } as unknown as HubClient;
}

const IN_A_STORE = {
  officialStoreCode: 'ST-PARIS',
  officialStore: { id: 5, storeStatus: 0, storeAddress: null },
} as const;

const heartbeat = (serialNumber: string): HeartbeatStatus => ({
  isAlive: true,
  heartBeat: { serialNumber, lastHeartBeat: '2026-03-09T23:30:05.000Z' },
});
const validity = (serialNumber: string): CertificateValidity => ({
  serialNumber,
  status: 'Ok',
  daysBeforeInvalidCalibration: 120,
  endOfValidityDate: '2026-08-01T00:00:00.000Z',
  lastCalibrationDate: '2025-08-01T00:00:00.000Z',
  activationDate: '2024-02-01T00:00:00.000Z',
});

function open(cards: SeriesCard[], hub: HubClient | null = null) {
  stubFetch(UTC_CONFIGURATION);
  const router = createMemoryRouter(
    [
      {
        path: '/series/devices',
        element: (
          <HubContext.Provider value={hub}>
            <button type="button">Before the cards</button>
            {cards.map((card) => (
              <DeviceCard
                key={card.serialNumber}
                card={card}
                heartbeat={heartbeat(card.serialNumber)}
                validity={validity(card.serialNumber)}
                selection={{ selected: false, selectable: true, onToggle: vi.fn() }}
                filterLink={(filter, code) => `?${filter}=${code}`}
              />
            ))}
            <button type="button">After the cards</button>
          </HubContext.Provider>
        ),
      },
    ],
    { initialEntries: ['/series/devices'] },
  );
  renderWithProviders(<RouterProvider router={router} />, {
    me: testMe({ roles: ['administrator'], wholeFleet: true }),
  });
}

describe('device card', () => {
  it('is one tab stop, its serial number link, which opens a new tab and says so', async () => {
    const user = userEvent.setup();
    open([seriesCard('ALIGN0000000001', IN_A_STORE), seriesCard('ALIGN0000000002', IN_A_STORE)]);
    const first = within(screen.getByRole('article', { name: 'ALIGN0000000001' }));
    const second = within(screen.getByRole('article', { name: 'ALIGN0000000002' }));
    await first.findByRole('img', { name: /calibration/i });

    screen.getByRole('button', { name: 'Before the cards' }).focus();
    await user.tab();
    const serial = first.getByRole('link', { name: 'ALIGN0000000001' });
    expect(serial).toHaveFocus();
    expect(serial).toHaveAttribute('target', '_blank');
    expect(serial).toHaveAccessibleDescription(/Opens in a new tab/);
    expect(serial).toHaveAccessibleDescription(/Use ← → for more actions/);
    await user.tab();
    expect(second.getByRole('link', { name: 'ALIGN0000000002' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After the cards' })).toHaveFocus();
  });

  it('reaches its other controls with the arrow keys, round, and Details opens in the same tab', async () => {
    const user = userEvent.setup();
    open([seriesCard('ALIGN0000000001', IN_A_STORE)]);
    const card = within(screen.getByRole('article', { name: 'ALIGN0000000001' }));
    const calibration = await card.findByRole('img', { name: /calibration/i });
    const serial = card.getByRole('link', { name: 'ALIGN0000000001' });
    const details = card.getByRole('link', { name: 'Details' });
    expect(details).not.toHaveAttribute('target');

    serial.focus();
    await user.keyboard('{ArrowRight}');
    expect(calibration).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(card.getByRole('img', { name: 'Online' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(card.getByRole('link', { name: 'ST-PARIS' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(details).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(card.getByRole('checkbox', { name: 'Select ALIGN0000000001' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(details).toHaveFocus();
    // From any control of the card, Tab leaves the card.
    await user.tab();
    expect(screen.getByRole('button', { name: 'After the cards' })).toHaveFocus();
  });

  it('keeps every control but the serial number out of the tab order', async () => {
    open([seriesCard('ALIGN0000000001', IN_A_STORE)]);
    const article = screen.getByRole('article', { name: 'ALIGN0000000001' });
    await within(article).findByRole('img', { name: /calibration/i });
    const stops = [...article.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')].filter(
      (element) => element.tabIndex >= 0,
    );
    expect(stops).toEqual([within(article).getByRole('link', { name: 'ALIGN0000000001' })]);
  });

  it('says "Task running" while its live entry has a task (spec §2), and nothing otherwise', async () => {
    const live = (serialNumber: string, running: boolean): ConnectedDevice => ({
      serialNumber,
      userId: 'user-1',
      connectionMode: 'usb',
      serie: null,
      task: running
        ? { id: 't1', kind: 'update', startedAt: '2026-03-09T23:30:05.000Z', percent: 40, message: null }
        : null,
      updates: [],
    });
    open(
      [seriesCard('ALIGN0000000001', IN_A_STORE), seriesCard('ALIGN0000000002', IN_A_STORE)],
      hubWith([live('ALIGN0000000001', true), live('ALIGN0000000002', false)]),
    );
    const running = within(screen.getByRole('article', { name: 'ALIGN0000000001' }));
    expect(await running.findByText('Task running')).toBeVisible();
    const idle = within(screen.getByRole('article', { name: 'ALIGN0000000002' }));
    expect(idle.queryByText('Task running')).toBeNull();
  });
});
