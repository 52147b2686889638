import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopCommand, HubAnswer, UpdateOffer } from '@fleet/contract';
import {
  CALIBRATION_STEPS,
  DesktopCommands,
  RENUMBER_RECONNECT_MS,
  RENUMBER_WRITE_MS,
  RESTART_AFTER_REPORT_MS,
  type TaskEvents,
  type ToolDevice,
} from './commands.ts';
import type { Progress } from './updater.ts';

const offer: UpdateOffer = {
  kind: 'software',
  version: '2.4.0',
  fileName: 'fw.bin',
  size: 10,
  sha256: 'ab'.repeat(32),
  url: '/api/media/fw.bin',
  notes: '',
  rolloutId: null,
};

/** A plugged device whose installs report 0, 25, 50, 75 % then end with `failure`. */
function plugged(failure: string | null = null) {
  const device = {
    serialNumber: 'SN100',
    installing: false as boolean,
    installOffer: vi.fn(async (_offer: UpdateOffer, onProgress: Progress) => {
      for (const percent of [0, 25, 50, 75]) {
        onProgress(percent);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return failure;
    }),
    renumber: vi.fn((newSerialNumber: string) => (device.serialNumber = newSerialNumber)),
    pauseHeartbeats: vi.fn(),
  } satisfies ToolDevice;
  const reports: { event: keyof TaskEvents; payload: Record<string, unknown> }[] = [];
  const link = {
    report: (event: keyof TaskEvents, payload: TaskEvents[keyof TaskEvents]) =>
      reports.push({ event, payload: { ...payload } }),
    reconnect: vi.fn(),
  };
  const commands = new DesktopCommands(device, link, {
    calibrationStepMs: 1000,
    random: () => 0.5,
    log() {},
  });
  const answers: HubAnswer<unknown>[] = [];
  const send = (command: DesktopCommand) => commands.handle(command, (answer) => answers.push(answer));
  return { device, link, reports, commands, answers, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('desktop tool commands', () => {
  it('installs an update, reporting each percent, and completes with the outcome', async () => {
    const tool = plugged();
    tool.send({ taskId: 't1', kind: 'update', offer });
    expect(tool.answers).toEqual([{ ok: true, result: {} }]);
    await vi.runAllTimersAsync();
    expect(tool.device.installOffer).toHaveBeenCalledWith(offer, expect.any(Function));
    expect(tool.reports.map((r) => [r.event, r.payload.percent ?? r.payload.succeeded])).toEqual([
      ['taskStarted', 0],
      ['taskProgress', 0],
      ['taskProgress', 25],
      ['taskProgress', 50],
      ['taskProgress', 75],
      ['taskCompleted', true],
    ]);
    expect(tool.reports[0]!.payload).toMatchObject({ id: 't1', kind: 'update', message: 'Installing 2.4.0' });
    expect(tool.reports.at(-1)!.payload).toEqual({ taskId: 't1', succeeded: true, message: null });

    const failing = plugged('Battery too low to install');
    failing.send({ taskId: 't2', kind: 'update', offer });
    await vi.runAllTimersAsync();
    expect(failing.reports.at(-1)!.payload).toEqual({
      taskId: 't2',
      succeeded: false,
      message: 'Battery too low to install',
    });
  });

  it('calibrates in ten steps, then refuses nothing more', async () => {
    const tool = plugged();
    tool.send({ taskId: 'c1', kind: 'calibrate' });
    await vi.advanceTimersByTimeAsync(CALIBRATION_STEPS * 1200);
    const percents = tool.reports.filter((r) => r.event === 'taskProgress').map((r) => r.payload.percent);
    expect(percents).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(tool.reports.at(-1)).toEqual({
      event: 'taskCompleted',
      payload: { taskId: 'c1', succeeded: true, message: null },
    });
    tool.send({ taskId: 'c2', kind: 'calibrate' });
    expect(tool.answers).toEqual([
      { ok: true, result: {} },
      { ok: true, result: {} },
    ]);
  });

  it('answers 409 while a task runs, or while the device installs an update of its own', async () => {
    const tool = plugged();
    tool.send({ taskId: 'c1', kind: 'calibrate' });
    tool.send({ taskId: 'm1', kind: 'modbus', rawCommand: '01 03 00 00 00 01', timeoutMs: 1000 });
    expect(tool.answers[1]).toEqual({ ok: false, status: 409, message: 'busy with a calibrate task' });
    await vi.runAllTimersAsync();
    const installing = plugged();
    installing.device.installing = true;
    installing.send({ taskId: 'c3', kind: 'calibrate' });
    expect(installing.answers).toEqual([{ ok: false, status: 409, message: 'busy with a update task' }]);
    expect(installing.reports).toEqual([]);
  });

  it('answers a Modbus read, and stays silent for a register the device does not have', async () => {
    const tool = plugged();
    tool.send({ taskId: 'm1', kind: 'modbus', rawCommand: '01 03 00 00 00 02', timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(300);
    expect(tool.answers).toEqual([{ ok: true, result: '01 03 04 00 2A 01 F4' }]);
    expect(tool.reports.map((r) => r.event)).toEqual(['taskStarted', 'taskCompleted']);

    const silent = plugged();
    silent.send({ taskId: 'm2', kind: 'modbus', rawCommand: '01 03 10 00 00 01', timeoutMs: 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(silent.reports.map((r) => r.event)).toEqual(['taskStarted']);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.answers).toEqual([]);
    expect(silent.reports.at(-1)!.payload).toEqual({
      taskId: 'm2',
      succeeded: false,
      message: 'No answer within 2000 ms',
    });
  });

  it('writes a new serial number, then goes by it and reconnects', async () => {
    const tool = plugged();
    tool.send({ taskId: 'r1', kind: 'renumber', newSerialNumber: 'SN200' });
    await vi.advanceTimersByTimeAsync(RENUMBER_WRITE_MS);
    expect(tool.answers).toEqual([{ ok: true, result: {} }]);
    expect(tool.reports.at(-1)!.payload).toEqual({ taskId: 'r1', succeeded: true, message: null });
    expect(tool.device.serialNumber).toBe('SN100');
    await vi.advanceTimersByTimeAsync(RENUMBER_RECONNECT_MS);
    expect(tool.device.renumber).toHaveBeenCalledWith('SN200');
    expect(tool.link.reconnect).toHaveBeenCalledWith(0);
  });

  it('restarts: completes, then goes away for a few seconds, silent in boot mode', async () => {
    const tool = plugged();
    tool.send({ taskId: 'b1', kind: 'restart', mode: 'boot', timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(tool.answers).toEqual([{ ok: true, result: {} }]);
    expect(tool.reports.map((r) => r.event)).toEqual(['taskStarted', 'taskCompleted']);
    expect(tool.link.reconnect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_REPORT_MS);
    expect(tool.link.reconnect).toHaveBeenCalledWith(4500);
    expect(tool.device.pauseHeartbeats).toHaveBeenCalledWith(4500);

    const application = plugged();
    application.send({ taskId: 'a1', kind: 'restart', mode: 'application', timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_REPORT_MS);
    expect(application.link.reconnect).toHaveBeenCalledWith(4500);
    expect(application.device.pauseHeartbeats).not.toHaveBeenCalled();
  });
});
