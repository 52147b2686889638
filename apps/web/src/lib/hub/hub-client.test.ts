import { describe, expect, it, vi } from 'vitest';
import type { ConnectedDevice } from '@fleet/contract';
import { HubClient, type HubSocket, type OpenSocket } from './hub-client';

const device = (serialNumber: string): ConnectedDevice => ({
  serialNumber,
  userId: 'u1',
  connectionMode: 'usb',
  serie: null,
  task: null,
  updates: [],
});

/** A socket the test drives: it records the methods called and answers them from `answers`. */
class FakeSocket implements HubSocket {
  connected = false;
  calls: string[] = [];
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  constructor(private readonly answers: Record<string, unknown>) {}
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as never]);
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  emit() {}
  timeout(): { emitWithAck(method: string): Promise<unknown> } {
    return {
      emitWithAck: async (method: string) => {
        this.calls.push(method);
        return { ok: true, result: this.answers[method] ?? {} };
      },
    };
  }
  connect() {}
  disconnect() {
    this.connected = false;
  }
}

function setUp(
  answers: Record<string, unknown> = { getConnectedDevices: [device('SN1')] },
  fetchSerie: (serialNumber: string) => Promise<null> = async () => null,
  options: { ownGroup?: boolean; onNotifications?: (payload: { unreadCount: number }) => void } = {},
) {
  const sockets: FakeSocket[] = [];
  const open: OpenSocket = () => {
    const socket = new FakeSocket(answers);
    sockets.push(socket);
    return socket;
  };
  const pending: { run: () => void; ms: number }[] = [];
  let now = 0;
  const client = new HubClient({
    open: async () => open,
    token: () => 'token',
    ownGroup: options.ownGroup ?? true,
    fetchSerie,
    onNotifications: options.onNotifications,
    timers: { set: (run, ms) => pending.push({ run, ms }), clear: () => undefined },
    now: () => now,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { client, sockets, pending, settle, advance: (ms: number) => (now += ms) };
}

describe('the hub client', () => {
  it('starts once, joins its group and fetches the connected devices', async () => {
    const { client, sockets, settle } = setUp();
    client.start();
    client.start();
    await settle();
    expect(sockets).toHaveLength(1);
    sockets[0]!.fire('connect');
    await settle();
    expect(sockets[0]!.calls).toEqual(['joinGroup', 'getConnectedDevices']);
    expect(client.getState().status).toBe('connected');
    expect([...client.getState().devices.keys()]).toEqual(['SN1']);
  });

  it('follows device events through the reducer', async () => {
    const { client, sockets, settle } = setUp();
    client.start();
    await settle();
    sockets[0]!.fire('connect');
    await settle();
    sockets[0]!.fire('connected', device('SN2'));
    const task = { id: 't', kind: 'update', startedAt: '', percent: 40, message: null };
    sockets[0]!.fire('taskProgress', { serialNumber: 'SN2', task });
    expect(client.getState().devices.get('SN2')?.task).toEqual(task);
    sockets[0]!.fire('taskCompleted', { serialNumber: 'SN2', taskId: 't', succeeded: true, message: null });
    expect(client.getState().devices.get('SN2')?.task).toBeNull();
    sockets[0]!.fire('disconnected', { serialNumber: 'SN1' });
    expect([...client.getState().devices.keys()]).toEqual(['SN2']);
  });

  it('clears the list when the connection closes and tries again after 3 s, doubling, reset by a success', async () => {
    const { client, sockets, pending, settle } = setUp();
    client.start();
    await settle();
    sockets[0]!.fire('connect');
    await settle();
    sockets[0]!.fire('disconnect');
    expect(client.getState()).toMatchObject({ status: 'reconnecting', retryAt: 3000 });
    expect(client.getState().devices.size).toBe(0);
    expect(pending.map((timer) => timer.ms)).toEqual([3000]);
    pending.shift()!.run();
    await settle();
    sockets[1]!.fire('connect_error', new Error('refused'));
    expect(pending.map((timer) => timer.ms)).toEqual([6000]);
    pending.shift()!.run();
    await settle();
    sockets[2]!.fire('connect');
    await settle();
    expect(sockets[2]!.calls).toEqual(['joinGroup', 'getConnectedDevices']);
    expect(client.getState().devices.size).toBe(1);
    sockets[2]!.fire('disconnect');
    expect(pending.map((timer) => timer.ms)).toEqual([3000]);
  });

  it('leaves its groups and disconnects on stop, and tries nothing more', async () => {
    const { client, sockets, pending, settle } = setUp();
    client.start();
    await settle();
    sockets[0]!.fire('connect');
    await settle();
    const leaveAdmin = client.joinAdmin();
    await settle();
    expect(sockets[0]!.calls).toContain('joinGroupAdmin');
    await client.stop();
    expect(sockets[0]!.calls.slice(-2)).toEqual(['leaveGroup', 'leaveGroupAdmin']);
    expect(sockets[0]!.connected).toBe(false);
    expect(client.getState()).toMatchObject({ status: 'stopped' });
    expect(client.getState().devices.size).toBe(0);
    leaveAdmin();
    sockets[0]!.fire('disconnect');
    expect(pending).toEqual([]);
  });

  it('answers a refused method as an error with its status', async () => {
    const { client, sockets, settle } = setUp();
    client.start();
    await settle();
    sockets[0]!.fire('connect');
    await settle();
    vi.spyOn(sockets[0]!, 'timeout').mockReturnValue({
      emitWithAck: async () => ({ ok: false, status: 409, message: 'busy' }),
    });
    await expect(client.call('calibrate', { serialNumber: 'SN1' })).rejects.toMatchObject({ status: 409 });
  });

  it('fetches the series of the devices a few at a time', async () => {
    const pending: (() => void)[] = [];
    const asked: string[] = [];
    const fetchSerie = (serialNumber: string) =>
      new Promise<null>((resolve) => {
        asked.push(serialNumber);
        pending.push(() => resolve(null));
      });
    const many = Array.from({ length: 10 }, (_, index) => device(`SN${index}`));
    const { client, sockets, settle } = setUp({ getConnectedDevices: many }, fetchSerie);
    client.start();
    await settle();
    sockets[0]!.fire('connect');
    await settle();
    expect(asked).toHaveLength(4);
    pending.shift()!();
    await settle();
    expect(asked).toHaveLength(5);
  });

  it('tells of the unread count the hub sends, for a user without a live feature, asking nothing of devices', async () => {
    const heard = vi.fn();
    const { client, sockets, settle } = setUp(undefined, undefined, {
      ownGroup: false,
      onNotifications: heard,
    });
    client.start();
    await settle();
    sockets[0]!.fire('connect');
    await settle();
    sockets[0]!.fire('notifications', { unreadCount: 3 });
    expect(heard).toHaveBeenCalledWith({ unreadCount: 3 });
    expect(sockets[0]!.calls).toEqual([]);
    expect(client.getState().devices.size).toBe(0);
  });
});
