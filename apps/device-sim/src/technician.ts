import { CONNECTION_MODES, reconnectDelay } from '@fleet/contract';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { drawMs, firstPlugMs, type Profile } from './behaviour.ts';
import { DesktopSession, type PluggedDevice } from './desktop.ts';

/** Demo users whose roles connect any device of the fleet (internal users reach every company). */
export const TECHNICIAN_USERS = ['support-manager', 'devops-manager', 'administrator'];
const DEMO_PASSWORD = 'demo';
/** A new token is fetched this long before the old one expires, while the hub still accepts it. */
const RENEW_AHEAD_SECONDS = 60;
/** How often a technician looks again whether a switched-off device is on now. */
const SWITCHED_OFF_RETRY_MS = 5000;

/** A device on a technician's bench: it can be switched on or off, plugged in or not. */
export interface BenchDevice extends PluggedDevice {
  readonly online: boolean;
  setPlugged(plugged: boolean): void;
}

export interface TechnicianOptions {
  server: string;
  profile: Profile;
  random: () => number;
  log(line: string): void;
  warn(line: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A technician at a desktop tool: signed in as a demo user, they plug their devices in for sessions
 * and unplug them in between, one hub connection per plugged device.
 */
export class Technician {
  #token = '';
  #renewal: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #sessions = new Set<DesktopSession>();

  constructor(
    readonly username: string,
    private readonly devices: readonly BenchDevice[],
    private readonly options: TechnicianOptions,
  ) {}

  get token(): string {
    return this.#token;
  }

  async start(): Promise<void> {
    await this.#signIn();
    for (const device of this.devices) void this.#bench(device);
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#renewal);
    for (const session of this.#sessions) void session.unplug();
  }

  /** Signs in through the identity provider (as the desktop tool does), trying again until it works. */
  async #signIn(): Promise<void> {
    for (let failures = 0; !this.#stopped; failures++) {
      const signedIn = await signInThroughIdp(this.options.server, this.username, DEMO_PASSWORD).catch(
        (error: unknown) =>
          ({ ok: false, status: error instanceof Error ? error.message : 'no answer' }) as const,
      );
      if (signedIn.ok) {
        this.#token = signedIn.tokens.access_token;
        this.#renewal = setTimeout(() => void this.#renew(), this.#renewInMs(signedIn.tokens.expires_in));
        return;
      }
      const delay = reconnectDelay(failures);
      this.options.warn(
        `technician ${this.username} could not sign in (${signedIn.status}), trying again in ${delay / 1000} s`,
      );
      await sleep(delay);
    }
  }

  #renewInMs(expiresInSeconds: number): number {
    return Math.max(expiresInSeconds / 2, expiresInSeconds - RENEW_AHEAD_SECONDS) * 1000;
  }

  /** The hub ends a device's connection when the token expires: sign in again and reconnect them. */
  async #renew(): Promise<void> {
    await this.#signIn();
    if (this.#stopped) return;
    this.options.log(`technician ${this.username} signed in again`);
    for (const session of this.#sessions) session.renewed();
  }

  /** Plugs the device in for a session, unplugs it for a while, and again, while it is switched on. */
  async #bench(device: BenchDevice): Promise<void> {
    const { profile, random } = this.options;
    await sleep(firstPlugMs(profile, random));
    while (!this.#stopped) {
      if (!device.online) {
        await sleep(SWITCHED_OFF_RETRY_MS);
        continue;
      }
      await this.#session(device);
      await sleep(drawMs(profile.unpluggedSeconds, random));
    }
  }

  async #session(device: BenchDevice): Promise<void> {
    const { profile, random, log } = this.options;
    const connectionMode = CONNECTION_MODES[Math.floor(random() * CONNECTION_MODES.length)]!;
    const session = new DesktopSession(device, this, {
      ...this.options,
      connectionMode,
      calibrationStepMs: profile.calibrationStepSeconds * 1000,
    });
    this.#sessions.add(session);
    device.setPlugged(true);
    log(`technician ${this.username} plugged ${device.serialNumber} (${connectionMode})`);
    session.plug();
    await Promise.race([sleep(drawMs(profile.pluggedSeconds, random)), session.ejected]);
    await session.unplug();
    this.#sessions.delete(session);
    device.setPlugged(false);
    log(`technician ${this.username} unplugged ${device.serialNumber}`);
  }
}
