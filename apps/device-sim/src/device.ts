import { nextPhase, type Phase, type Profile } from './behaviour.ts';
import type { SimulatedDevice } from './roster.ts';

export interface DeviceEvents {
  onHeartbeat(serialNumber: string, ok: boolean, status: number): void;
  onPhase(serialNumber: string, online: boolean): void;
}

/** One simulated device: beats while online, as often as the server asks, and stays silent during outages. */
export class DeviceRunner {
  #phase: Phase | null = null;
  #timer: NodeJS.Timeout | undefined;
  #intervalSeconds = 30;
  #stopped = false;

  constructor(
    private readonly device: SimulatedDevice,
    private readonly server: string,
    private readonly profile: Profile,
    private readonly random: () => number,
    private readonly events: DeviceEvents,
  ) {}

  start(): void {
    this.#tick();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #beat(): Promise<void> {
    try {
      const response = await fetch(`${this.server}/api/devices/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Device ${this.device.serialNumber}:${this.device.key}` },
      });
      if (response.ok) {
        const answer = (await response.json()) as { nextHeartbeatSeconds?: number };
        if (answer.nextHeartbeatSeconds) this.#intervalSeconds = answer.nextHeartbeatSeconds;
      }
      this.events.onHeartbeat(this.device.serialNumber, response.ok, response.status);
    } catch {
      this.events.onHeartbeat(this.device.serialNumber, false, 0);
    }
  }

  #tick = (): void => {
    if (this.#stopped) return;
    const now = Date.now();
    if (!this.#phase || now >= this.#phase.untilMs) {
      this.#phase = nextPhase(this.#phase, this.profile, this.random, now);
      this.events.onPhase(this.device.serialNumber, this.#phase.online);
    }
    const beat = this.#phase.online ? this.#beat() : Promise.resolve();
    void beat.finally(() => {
      if (this.#stopped) return;
      const jitter = 0.85 + this.random() * 0.3;
      const wait = Math.min(
        this.#intervalSeconds * 1000 * jitter,
        Math.max(200, this.#phase!.untilMs - Date.now()),
      );
      this.#timer = setTimeout(this.#tick, wait);
    });
  };
}
