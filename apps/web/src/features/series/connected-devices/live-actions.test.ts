import type { ConnectedDevice, SeriesDetail, UpdateOffer } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { LIVE_ACTIONS, liveActionState } from './live-actions';

const offer = { kind: 'software', version: '5.0.0' } as UpdateOffer;
const device = (change: Partial<ConnectedDevice> = {}): ConnectedDevice => ({
  serialNumber: 'SN1',
  userId: 'me',
  connectionMode: 'usb',
  serie: null,
  task: null,
  updates: [offer],
  ...change,
});
const shown = (target: ConnectedDevice, features: string[], id = 'me') =>
  LIVE_ACTIONS.filter((action) => liveActionState(action, target, { id, features }) !== 'hidden');

describe('the actions on a connected device', () => {
  it('follow the features of each hub method', () => {
    expect(shown(device(), ['CONNECTED_DEVICES'])).toEqual(['update', 'calibrate', 'renumber', 'eject']);
    expect(shown(device(), ['CONNECTED_DEVICES', 'DEVICES_SUPPORT', 'VERSIONS.EAPONSPECIFIED'])).toEqual(
      LIVE_ACTIONS.filter((action) => action !== 'attach_store'),
    );
    // The serial-number ranges' right alone puts no one on the hub.
    expect(shown(device(), ['SERIALNUMBER'])).toEqual([]);
    expect(shown(device(), [])).toEqual([]);
  });

  it('eject another technician’s device only with DEVICES_SUPPORT, update only when an update is offered', () => {
    expect(shown(device(), ['CONNECTED_DEVICES'], 'someone')).not.toContain('eject');
    expect(shown(device(), ['DEVICES_SUPPORT'], 'someone')).toContain('eject');
    expect(shown(device({ updates: [] }), ['CONNECTED_DEVICES'])).not.toContain('update');
  });

  it('attach to a store when the device allows its store to be edited', () => {
    const serie = { allowedActions: ['editStore'] } as unknown as SeriesDetail;
    expect(shown(device({ serie }), ['CONNECTED_DEVICES'])).toContain('attach_store');
  });

  it('wait while a task runs, except eject', () => {
    const busy = device({
      task: { id: 't', kind: 'update', startedAt: '', percent: 10, message: null },
    });
    const user = { id: 'me', features: ['CONNECTED_DEVICES'] };
    expect(liveActionState('calibrate', busy, user)).toBe('busy');
    expect(liveActionState('eject', busy, user)).toBe('enabled');
  });
});
