import { describe, expect, it } from 'vitest';
import {
  hubMethodArguments,
  hubReducer,
  mayCallHubMethod,
  reconnectDelay,
  type ConnectedDevice,
  type ConnectedDevices,
  type LiveTask,
} from './hub.ts';

const device = (serialNumber: string): ConnectedDevice => ({
  serialNumber,
  userId: 'u1',
  connectionMode: 'usb',
  serie: null,
  task: null,
  updates: [],
});
const task = (id: string, percent: number | null = null): LiveTask => ({
  id,
  kind: 'update',
  startedAt: '2026-11-24T10:00:00.000Z',
  percent,
  message: null,
});
const empty: ConnectedDevices = new Map();

describe('hub reconnect delay', () => {
  it('starts at 3 s and doubles up to 300 s (spec §9)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map(reconnectDelay)).toEqual([
      3000, 6000, 12_000, 24_000, 48_000, 96_000, 192_000, 300_000, 300_000, 300_000,
    ]);
  });
});

describe('hub events', () => {
  it('adds and removes connected devices, and ignores what it does not know', () => {
    let state = hubReducer(empty, { type: 'connected', device: device('A1') });
    state = hubReducer(state, { type: 'connected', device: device('B2') });
    expect([...state.keys()]).toEqual(['A1', 'B2']);
    state = hubReducer(state, { type: 'disconnected', serialNumber: 'A1' });
    expect([...state.keys()]).toEqual(['B2']);
    const same = hubReducer(state, { type: 'taskStarted', serialNumber: 'ZZ', task: task('t') });
    expect(same).toBe(state);
    expect(hubReducer(state, { type: 'eject', serialNumber: 'B2' })).toBe(state);
  });

  it('follows a task from its start through its progress to its end', () => {
    let state = hubReducer(empty, { type: 'connected', device: device('A1') });
    state = hubReducer(state, { type: 'taskStarted', serialNumber: 'A1', task: task('t1', 0) });
    state = hubReducer(state, { type: 'taskProgress', serialNumber: 'A1', task: task('t1', 50) });
    expect(state.get('A1')?.task?.percent).toBe(50);
    // The end of another task leaves the running one.
    expect(
      hubReducer(state, {
        type: 'taskCompleted',
        serialNumber: 'A1',
        taskId: 'old',
        succeeded: true,
        message: null,
      }).get('A1')?.task?.id,
    ).toBe('t1');
    state = hubReducer(state, {
      type: 'taskCompleted',
      serialNumber: 'A1',
      taskId: 't1',
      succeeded: true,
      message: null,
    });
    expect(state.get('A1')?.task).toBeNull();
  });

  it('sets and clears the updates, clears all on reset and takes a snapshot whole', () => {
    const offer = {
      kind: 'software' as const,
      version: '6.1.0',
      fileName: 'fw.bin',
      size: 1,
      sha256: 'x',
      url: '/u',
      notes: '',
      rolloutId: null,
    };
    let state = hubReducer(empty, { type: 'connected', device: device('A1') });
    state = hubReducer(state, { type: 'updatesAvailable', serialNumber: 'A1', updates: [offer] });
    expect(state.get('A1')?.updates).toEqual([offer]);
    state = hubReducer(state, { type: 'noUpdate', serialNumber: 'A1' });
    expect(state.get('A1')?.updates).toEqual([]);
    expect(hubReducer(state, { type: 'reset' }).size).toBe(0);
    expect([...hubReducer(state, { type: 'snapshot', devices: [device('C3')] }).keys()]).toEqual(['C3']);
  });
});

describe('hub method arguments', () => {
  it('checks a raw Modbus command and its time-out', () => {
    const args = hubMethodArguments.sendRawModbusCommand;
    expect(
      args.safeParse({ serialNumber: 'A1', rawCommand: '01 03 00 10 00 02', timeoutMs: 2000 }).success,
    ).toBe(true);
    expect(args.safeParse({ serialNumber: 'A1', rawCommand: 'read coil', timeoutMs: 2000 }).success).toBe(
      false,
    );
    expect(args.safeParse({ serialNumber: 'A1', rawCommand: '01 03', timeoutMs: 999_999 }).success).toBe(
      false,
    );
  });
});

describe('hub rights (spec §6)', () => {
  it('lets the live staff renumber, and no one else, whatever their serial-number rights', () => {
    for (const role of ['administrator', 'support-manager', 'devops-manager'])
      expect(mayCallHubMethod('changeSerialNumber', [role]), role).toBe(true);
    for (const role of ['factory-manager', 'old-administrator', 'database-manager'])
      expect(mayCallHubMethod('changeSerialNumber', [role]), role).toBe(false);
  });

  it('sends a specified version for administrators and the devops manager only', () => {
    expect(mayCallHubMethod('updateDeviceToSpecificVersion', ['administrator'])).toBe(true);
    expect(mayCallHubMethod('updateDeviceToSpecificVersion', ['devops-manager'])).toBe(true);
    expect(mayCallHubMethod('updateDeviceToSpecificVersion', ['support-manager'])).toBe(false);
    expect(mayCallHubMethod('updateDevice', ['support-manager'])).toBe(true);
  });
});
