import {
  backoffDelay,
  DESKTOP_NAMESPACE,
  DESKTOP_SIGNED_METHOD,
  meansUnreachable,
  mergeConfiguration,
  type DeviceHeartbeatAnswer,
  type UpdateOffer,
} from '@fleet/contract';
import { TECHNICIANS } from '@fleet/device-kit/demo-fleet';
import { demoJob, jobReportOf } from '@fleet/device-kit/demo-jobs';
import { demoGraphs, demoPictures } from '@fleet/device-kit/demo-job-media';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { drawScreen } from '@fleet/device-kit/png';
import { BAD_JOB_CHANCE, badJobBodies, badJobKind } from './bad-jobs.ts';
import { UPDATE_FAILURE_CHANCE, nextPhase, type Phase, type Profile } from './behaviour.ts';
import { Updater, type Progress } from './updater.ts';
import type { SimulatedDevice } from './roster.ts';

export interface DeviceEvents {
  /** status 0: no answer, and `reason` says why (the network error's code or message). */
  onHeartbeat(serialNumber: string, ok: boolean, status: number, reason?: string): void;
  onPhase(serialNumber: string, online: boolean): void;
  onJob?(serialNumber: string, status: number, reason?: string): void;
  onUpdate?(
    serialNumber: string,
    version: string,
    outcome: 'succeeded' | 'failed',
    details: string | null,
  ): void;
  /** The device took the configuration a heartbeat answer carried; ok: its report was accepted. */
  onConfiguration?(serialNumber: string, ok: boolean): void;
}

/** Chance, at each heartbeat of a session, that the device finishes a job: about one every ten beats. */
export const JOB_CHANCE_PER_BEAT = 0.1;
/**
 * Share of jobs whose graphs and pictures the device uploads: enough to see them come in, little enough
 * that a demo left running for days does not fill the disk.
 */
export const JOB_MEDIA_CHANCE = 0.05;
/** The first wait when the server is out of reach and says nothing of when to come back. */
const RETRY_FIRST_MS = 2_000;
/** Jobs a device keeps while the server cannot take them; older ones are not lost, newer are dropped. */
const PENDING_JOBS_MAX = 20;

/** One simulated device: beats while online, as often as the server asks, and stays silent during outages. */
export class DeviceRunner {
  #phase: Phase | null = null;
  #timer: NodeJS.Timeout | undefined;
  #intervalSeconds = 30;
  #stopped = false;
  #sessions = 0;
  #version: string;
  /** Server time minus ours, learnt from each heartbeat answer: signatures carry the server's time. */
  #clockOffsetMs = 0;
  /** Somewhere in western Europe, where the simulated workshops are. */
  #home: [number, number] = [44 + Math.random() * 6, -1 + Math.random() * 8];
  readonly #updater: Updater;
  #lastUpdateCheck = 0;
  /** Plugged into a technician's desktop tool: switched on until unplugged. */
  #plugged = false;
  /** The settings the device runs with; staff's desired settings come with heartbeat answers. */
  #configuration: Record<string, unknown> | null = null;
  /** Restarting in boot mode: no heartbeat until then. */
  #silentUntil = 0;
  /** Beats refused or lost in a row, and how long the server asked to wait: beats back off meanwhile. */
  #failedBeats = 0;
  #retryAfterMs = 0;
  /** Jobs the server could not take (out of reach, or unavailable): sent again after the next beat. */
  #pendingJobs: string[] = [];

  constructor(
    private readonly device: SimulatedDevice,
    private readonly server: string,
    private readonly profile: Profile,
    private readonly random: () => number,
    private readonly events: DeviceEvents,
    updateFailureChance = UPDATE_FAILURE_CHANCE,
    private readonly badJobChance = BAD_JOB_CHANCE,
  ) {
    this.#version = device.version;
    this.#updater = new Updater({
      server,
      send: (method, path, body, headers) => this.#send(method, path, body, headers),
      random,
      failureChance: updateFailureChance,
      stepMs: profile.installStepSeconds * 1000,
      onUpdate: (offer, outcome, details) => {
        if (outcome === 'succeeded' && offer.kind === 'software') this.#version = offer.version;
        this.events.onUpdate?.(device.serialNumber, offer.version, outcome, details);
      },
    });
  }

  /** Asks whether an update is offered, at a session's start and then every so often while online. */
  #checkUpdates(): void {
    this.#lastUpdateCheck = Date.now();
    void this.#updater.checkAndInstall();
  }

  start(): void {
    this.#tick();
  }

  /** The device's serial number now (a technician may change it). */
  get serialNumber(): string {
    return this.device.serialNumber;
  }

  get online(): boolean {
    return this.#phase?.online ?? false;
  }

  /** Plugged in, the device stays on; unplugged, its own rhythm takes over again. */
  setPlugged(plugged: boolean): void {
    this.#plugged = plugged;
  }

  /** The series was renamed: the device signs and beats under its new number from now on. */
  renumber(newSerialNumber: string): void {
    this.device.serialNumber = newSerialNumber;
  }

  /** A restart in boot mode: the bootloader does not beat. */
  pauseHeartbeats(ms: number): void {
    this.#silentUntil = Date.now() + ms;
  }

  get installing(): boolean {
    return this.#updater.installing;
  }

  /** Installs an offer a technician asked for: the same install, reports and version as offered updates. */
  installOffer(offer: UpdateOffer, onProgress: Progress): Promise<string | null | 'busy'> {
    return this.#updater.install(offer, onProgress);
  }

  /** The device's proof for the hub: its signature over the technician's token, in server time. */
  hubSignature(token: string): string {
    return signDeviceRequest(
      this.device.serialNumber,
      this.device.key,
      { method: DESKTOP_SIGNED_METHOD, url: DESKTOP_NAMESPACE, body: token },
      Date.now() + this.#clockOffsetMs,
    );
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** A request of the device protocol, signed with the device's key. */
  #send(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}) {
    const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : body;
    const authorization = signDeviceRequest(
      this.device.serialNumber,
      this.device.key,
      { method, url: path, body: bytes },
      Date.now() + this.#clockOffsetMs,
    );
    return fetch(`${this.server}${path}`, {
      method,
      headers: { authorization, ...headers },
      ...(bytes === undefined ? {} : { body: new Uint8Array(bytes) }),
    });
  }

  /** What a device reports when a session starts: who connected, where it is, its screen, and now and then an update. */
  async #reportSession(firstSession: boolean): Promise<void> {
    const send = (method: string, path: string, body: unknown, contentType = 'application/json') =>
      this.#send(method, path, body instanceof Buffer ? body : JSON.stringify(body), {
        'content-type': contentType,
        'x-tool-version': this.#version,
      }).catch(() => undefined);
    if (firstSession) {
      this.#configuration = {
        units: { pressure: this.#pick(['bar', 'psi', 'kPa']) },
        autoUpdate: true,
        screenTimeoutSeconds: 120,
        simulated: true,
        ...this.#configuration,
      };
      await send('PUT', '/api/devices/configuration', this.#configuration);
      await send('PUT', '/api/devices/components', [
        { name: 'Main board', partNumber: `MB${this.device.serialNumber.slice(-3)}`, version: '2.1' },
        {
          name: 'Battery pack',
          partNumber: 'BP410',
          version: '1.0',
          status: this.random() < 0.2 ? 'worn' : 'ok',
        },
        { name: 'RF module', partNumber: 'RF315', version: '3.4' },
      ]);
    }
    await send('POST', '/api/devices/connections', { username: this.#pick(TECHNICIANS) });
    const [lat, long] = this.#home;
    await send('POST', '/api/devices/locations', {
      latitude: lat + (this.random() - 0.5) * 0.01,
      longitude: long + (this.random() - 0.5) * 0.01,
      accuracyMeters: Math.round(5 + this.random() * 40),
    });
    await send(
      'POST',
      '/api/devices/screenshots',
      drawScreen(
        Array.from({ length: 6 }, () => this.random()),
        [30, 110, 210],
      ),
      'image/png',
    );
    // A session is work: the first job is done within it.
    await this.#reportJob();
    this.#checkUpdates();
  }

  /**
   * A job the device just finished: the same generator as the demo fleet's past jobs. Now and then it is
   * sent badly, as a real device does (bad-jobs.ts), and the server keeps it as a corrupted job.
   */
  async #reportJob(): Promise<void> {
    const index = Math.floor(this.random() * 2 ** 31);
    const finished = Date.now() + this.#clockOffsetMs;
    const job = demoJob(
      0,
      index,
      this.device,
      new Date(finished - Math.round(60 + this.random() * 600) * 1000),
    );
    const report = jobReportOf(job);
    const bad = badJobKind(this.random, this.badJobChance);
    if (!bad) return this.#sendJob(JSON.stringify(report), { index, job });
    for (const body of badJobBodies(bad, report, this.random)) await this.#sendJob(body, null, true);
  }

  /**
   * Sends a job; one the server cannot take now is kept for later, as a device keeps its jobs. The
   * answer to a job sent badly on purpose is no failure to report.
   */
  async #sendJob(
    body: string,
    media: { index: number; job: ReturnType<typeof demoJob> } | null,
    sentBadly = false,
  ) {
    const keep = () => {
      if (this.#pendingJobs.length < PENDING_JOBS_MAX) this.#pendingJobs.push(body);
    };
    try {
      const response = await this.#send('POST', '/api/devices/jobs', body, {
        'content-type': 'application/json',
      });
      if (!sentBadly) this.events.onJob?.(this.device.serialNumber, response.status);
      if (meansUnreachable(response.status)) keep();
      if (response.ok && media && this.random() < JOB_MEDIA_CHANCE) {
        const { id } = (await response.json()) as { id: string };
        // A file that does not get through is lost, as on a device whose connection drops.
        await this.#uploadJobMedia(id, media.index, media.job).catch(() => undefined);
      }
    } catch (error) {
      keep();
      this.events.onJob?.(this.device.serialNumber, 0, reasonOf(error));
    }
  }

  /** The graph files and pictures the device recorded during a job. */
  async #uploadJobMedia(id: string, index: number, job: ReturnType<typeof demoJob>): Promise<void> {
    for (const graph of demoGraphs(0, index, job))
      await this.#send(
        'POST',
        `/api/devices/jobs/${id}/graphs?fileName=${encodeURIComponent(graph.fileName)}`,
        graph.csv,
        {
          'content-type': 'text/csv',
        },
      );
    for (const picture of demoPictures(0, index, job))
      await this.#send(
        'POST',
        `/api/devices/jobs/${id}/pictures?fileName=${encodeURIComponent(picture.fileName)}`,
        picture.png,
        {
          'content-type': 'image/png',
          'x-picture-metadata': JSON.stringify(picture.metadata),
        },
      );
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** Takes the settings staff set and reports the configuration it now runs with. */
  async #applyConfiguration(desired: Record<string, unknown>): Promise<void> {
    this.#configuration = mergeConfiguration(this.#configuration ?? {}, desired);
    const response = await this.#send(
      'PUT',
      '/api/devices/configuration',
      JSON.stringify(this.#configuration),
      {
        'content-type': 'application/json',
        'x-tool-version': this.#version,
      },
    );
    this.events.onConfiguration?.(this.device.serialNumber, response.ok);
  }

  async #beat(): Promise<void> {
    try {
      const sentAt = Date.now();
      const response = await this.#send('POST', '/api/devices/heartbeat');
      this.#noteAnswer(response.ok ? 200 : response.status, response.headers.get('retry-after'));
      if (response.ok) {
        const answer = (await response.json()) as Partial<DeviceHeartbeatAnswer>;
        if (answer.nextHeartbeatSeconds) this.#intervalSeconds = answer.nextHeartbeatSeconds;
        if (answer.serverTime)
          this.#clockOffsetMs = Math.round(Date.parse(answer.serverTime) - (sentAt + Date.now()) / 2);
        if (answer.configuration) await this.#applyConfiguration(answer.configuration);
      } else {
        // Refused for its clock perhaps: the Date header gives the server's time to the second.
        const date = Date.parse(response.headers.get('date') ?? '');
        if (!Number.isNaN(date)) this.#clockOffsetMs = date - Date.now();
      }
      this.events.onHeartbeat(this.device.serialNumber, response.ok, response.status);
      if (response.ok) await this.#sendPendingJobs();
    } catch (error) {
      this.#noteAnswer(null, null);
      this.events.onHeartbeat(this.device.serialNumber, false, 0, reasonOf(error));
    }
  }

  /** A beat answered, refused or lost: an unreachable server is asked again after Retry-After, then less often. */
  #noteAnswer(status: number | null, retryAfter: string | null) {
    if (!meansUnreachable(status)) {
      this.#failedBeats = 0;
      return;
    }
    this.#failedBeats += 1;
    const seconds = Number(retryAfter);
    this.#retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RETRY_FIRST_MS;
  }

  /** Until the next beat: the server's interval, or while it is out of reach a delay doubling from Retry-After. */
  #beatDelayMs(): number {
    const interval = this.#intervalSeconds * 1000;
    if (this.#failedBeats === 0) return interval;
    return backoffDelay(this.#failedBeats - 1, this.#retryAfterMs, interval);
  }

  async #sendPendingJobs(): Promise<void> {
    const pending = this.#pendingJobs.splice(0);
    for (const body of pending) await this.#sendJob(body, null);
  }

  #nextPhase(now: number): void {
    const was = this.#phase?.online;
    // A plugged-in device is not switched off: another online stretch follows.
    const current = this.#plugged && was ? { online: false, untilMs: now } : this.#phase;
    this.#phase = nextPhase(current, this.profile, this.random, now);
    if (this.#phase.online === was) return;
    this.events.onPhase(this.device.serialNumber, this.#phase.online);
    if (this.#phase.online) void this.#reportSession(this.#sessions++ === 0);
  }

  #tick = (): void => {
    if (this.#stopped) return;
    const now = Date.now();
    if (!this.#phase || now >= this.#phase.untilMs) this.#nextPhase(now);
    const working = this.#phase!.online && now >= this.#silentUntil;
    const beat = working ? this.#beat() : Promise.resolve();
    if (working && this.random() < JOB_CHANCE_PER_BEAT) void this.#reportJob();
    if (working && now - this.#lastUpdateCheck >= this.profile.updateCheckSeconds * 1000)
      this.#checkUpdates();
    void beat.finally(() => {
      if (this.#stopped) return;
      const jitter = 0.85 + this.random() * 0.3;
      const wait = Math.min(this.#beatDelayMs() * jitter, Math.max(200, this.#phase!.untilMs - Date.now()));
      this.#timer = setTimeout(this.#tick, wait);
    });
  };
}

/** Why a call got no answer: the network error's code (fetch wraps it as the cause), else its message. */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
