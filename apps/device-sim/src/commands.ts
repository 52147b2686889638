import type { DesktopCommand, HubAnswer, LiveTask, UpdateOffer } from '@fleet/contract';
import { formatHexBytes, modbusAnswer, parseHexBytes } from './modbus.ts';
import type { Progress } from './updater.ts';

/** What the desktop tool drives on the device plugged into it (a DeviceRunner). */
export interface ToolDevice {
  readonly serialNumber: string;
  /** An install runs, asked for by the hub or found by the device itself. */
  readonly installing: boolean;
  installOffer(offer: UpdateOffer, onProgress: Progress): Promise<string | null | 'busy'>;
  renumber(newSerialNumber: string): void;
  pauseHeartbeats(ms: number): void;
}

export interface TaskEvents {
  taskStarted: LiveTask;
  taskProgress: LiveTask;
  taskCompleted: { taskId: string; succeeded: boolean; message: string | null };
}

/** The hub connection the tool reports through (a DesktopSession). */
export interface ToolLink {
  report<E extends keyof TaskEvents>(event: E, payload: TaskEvents[E]): void;
  /** Closes the connection now, and connects again after `afterMs`. */
  reconnect(afterMs: number): void;
}

export interface CommandOptions {
  calibrationStepMs: number;
  random: () => number;
  log(line: string): void;
}

export const CALIBRATION_STEPS = 10;
/** A renumber is written to the device, then the hub renames the series; the tool reconnects after it. */
export const RENUMBER_WRITE_MS = 300;
export const RENUMBER_RECONNECT_MS = 1000;
export const MODBUS_ANSWER_MS: [number, number] = [50, 300];
export const RESTART_DOWN_MS: [number, number] = [3000, 6000];
/**
 * A restarting device closes its connection this long after its last report: the hub drops events
 * that arrive together with the disconnection, and consoles wait for the task's completion.
 */
export const RESTART_AFTER_REPORT_MS = 500;

/** The hub's limit on a completed task's message. */
const MESSAGE_MAX = 500;

type Ack = (answer: HubAnswer<unknown>) => void;
/** How a task ended; `after` runs once the hub was told (a restart disconnects then). */
interface Outcome {
  succeeded: boolean;
  message: string | null;
  after?: () => void;
}

const accepted = { ok: true, result: {} } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Answers the hub's commands for one plugged device, one task at a time, reporting each task's progress. */
export class DesktopCommands {
  #task: LiveTask | null = null;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly device: ToolDevice,
    private readonly link: ToolLink,
    private readonly options: CommandOptions,
  ) {}

  /** Resolves once no task runs any more. */
  idle(): Promise<void> {
    return this.#running;
  }

  handle(command: DesktopCommand, ack: Ack): void {
    const busyWith = this.#task?.kind ?? (this.device.installing ? 'update' : null);
    if (busyWith) return ack({ ok: false, status: 409, message: `busy with a ${busyWith} task` });
    switch (command.kind) {
      case 'update':
        return this.#track(command, ack, [0, `Installing ${command.offer.version}`], (answer) =>
          this.#update(command.offer, answer),
        );
      case 'calibrate':
        return this.#track(command, ack, [0, 'Calibrating'], (answer) => this.#calibrate(answer));
      case 'renumber':
        return this.#track(
          command,
          ack,
          [null, `Writing the serial number ${command.newSerialNumber}`],
          (answer) => this.#renumber(command.newSerialNumber, answer),
        );
      case 'modbus':
        return this.#modbusCommand(command, ack);
      case 'restart':
        return this.#track(command, ack, [null, `Restarting in ${command.mode} mode`], (answer) =>
          this.#restart(command.mode, answer),
        );
      default:
        return ack({
          ok: false,
          status: 400,
          message: `unknown command ${(command as { kind: string }).kind}`,
        });
    }
  }

  /** Runs a task: started, then its progress, then completed, whatever happens. */
  #track(
    command: DesktopCommand,
    ack: Ack,
    [percent, message]: [number | null, string],
    run: (ack: Ack) => Promise<Outcome>,
  ) {
    let answered = false;
    const answer: Ack = (reply) => {
      if (!answered) ack(reply);
      answered = true;
    };
    const task: LiveTask = {
      id: command.taskId,
      kind: command.kind,
      startedAt: new Date().toISOString(),
      percent,
      message,
    };
    this.#task = task;
    this.link.report('taskStarted', task);
    this.#running = run(answer)
      .catch((error: unknown): Outcome => {
        answer({ ok: false, status: 500, message: messageOf(error) });
        return { succeeded: false, message: messageOf(error) };
      })
      .then(({ succeeded, message, after }) => {
        this.#task = null;
        const completion = { taskId: task.id, succeeded, message: message && message.slice(0, MESSAGE_MAX) };
        this.link.report('taskCompleted', completion);
        after?.();
      });
  }

  #progress(percent: number, message = this.#task?.message ?? null) {
    if (!this.#task) return;
    this.#task = { ...this.#task, percent, message };
    this.link.report('taskProgress', this.#task);
  }

  async #update(offer: UpdateOffer, ack: Ack): Promise<Outcome> {
    const installing = this.device.installOffer(offer, (percent) => this.#progress(percent));
    ack(accepted);
    const failure = await installing;
    if (failure === 'busy') return { succeeded: false, message: 'Another update is being installed' };
    return { succeeded: failure === null, message: failure };
  }

  async #calibrate(ack: Ack): Promise<Outcome> {
    ack(accepted);
    const { calibrationStepMs, random, log } = this.options;
    for (let step = 1; step <= CALIBRATION_STEPS; step++) {
      await sleep(calibrationStepMs * (0.8 + 0.4 * random()));
      this.#progress((step * 100) / CALIBRATION_STEPS, `Calibration step ${step} of ${CALIBRATION_STEPS}`);
    }
    log(`${this.device.serialNumber} calibrated`);
    return { succeeded: true, message: null };
  }

  async #renumber(newSerialNumber: string, ack: Ack): Promise<Outcome> {
    await sleep(RENUMBER_WRITE_MS);
    ack(accepted);
    const renumbered = () => {
      // The hub renamed the series once it had the answer: the device goes by its new number.
      this.options.log(`${this.device.serialNumber} renumbered to ${newSerialNumber}`);
      this.device.renumber(newSerialNumber);
      this.link.reconnect(0);
    };
    return { succeeded: true, message: null, after: () => setTimeout(renumbered, RENUMBER_RECONNECT_MS) };
  }

  #modbusCommand(command: Extract<DesktopCommand, { kind: 'modbus' }>, ack: Ack): void {
    const request = parseHexBytes(command.rawCommand);
    if (!request) return ack({ ok: false, status: 400, message: 'rawCommand: must be hexadecimal bytes' });
    this.#track(command, ack, [null, `Modbus ${formatHexBytes(request)}`], (answer) =>
      this.#modbus(request, command.timeoutMs, answer),
    );
  }

  async #modbus(request: number[], timeoutMs: number, ack: Ack): Promise<Outcome> {
    const answer = modbusAnswer(request);
    const { random, log } = this.options;
    if (!answer) {
      // Silent, as a device asked for a register it does not have: the hub answers 504 itself.
      await sleep(timeoutMs);
      log(`${this.device.serialNumber} modbus ${formatHexBytes(request)}: no answer`);
      return { succeeded: false, message: `No answer within ${timeoutMs} ms` };
    }
    const [min, max] = MODBUS_ANSWER_MS;
    await sleep(min + random() * (max - min));
    const hex = formatHexBytes(answer);
    ack({ ok: true, result: hex });
    log(`${this.device.serialNumber} modbus ${formatHexBytes(request)} answered ${hex}`);
    return { succeeded: true, message: null };
  }

  async #restart(mode: 'boot' | 'application', ack: Ack): Promise<Outcome> {
    ack(accepted);
    const [min, max] = RESTART_DOWN_MS;
    const downMs = min + this.options.random() * (max - min);
    this.options.log(`${this.device.serialNumber} restarting in ${mode} mode`);
    const restart = () => {
      if (mode === 'boot') this.device.pauseHeartbeats(downMs);
      this.link.reconnect(downMs);
    };
    return { succeeded: true, message: null, after: () => setTimeout(restart, RESTART_AFTER_REPORT_MS) };
  }
}
