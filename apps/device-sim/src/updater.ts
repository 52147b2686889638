import { createHash } from 'node:crypto';
import type { UpdateOffer, UpdateReport } from '@fleet/contract';

/** A signed request of the device protocol (the device's own `send`). */
export type DeviceSend = (
  method: string,
  path: string,
  body?: string,
  headers?: Record<string, string>,
) => Promise<Response>;

export interface UpdaterOptions {
  server: string;
  send: DeviceSend;
  random: () => number;
  failureChance: number;
  stepMs: number;
  /** An update ended; `version` is the device's own after it. */
  onUpdate?(offer: UpdateOffer, outcome: 'succeeded' | 'failed', details: string | null): void;
}

/** Hears each percent an install reports. */
export type Progress = (percent: number) => void;

const FAILURES = [
  'Flash write error at block 0x3F',
  'Battery too low to install',
  'Verification after install failed',
  'Not enough free space for the package',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How a device takes updates: it asks what is offered, downloads each offer through its signed link,
 * checks the SHA-256, reports started, 25, 50 and 75 %, then succeeded, or failed now and then (always
 * on a wrong checksum), the way field devices do.
 */
export class Updater {
  #busy = false;

  constructor(private readonly options: UpdaterOptions) {}

  get installing(): boolean {
    return this.#busy;
  }

  /** Asks for offers and installs them one after the other; answers the versions installed. */
  async checkAndInstall(): Promise<UpdateOffer[]> {
    if (this.#busy) return [];
    this.#busy = true;
    try {
      const response = await this.options.send('GET', '/api/devices/updates');
      if (!response.ok) return [];
      const { offers } = (await response.json()) as { offers: UpdateOffer[] };
      const installed: UpdateOffer[] = [];
      for (const offer of offers) if ((await this.#install(offer)) === null) installed.push(offer);
      return installed;
    } catch {
      return [];
    } finally {
      this.#busy = false;
    }
  }

  /**
   * Installs one offer, asked for by a technician through the desktop tool: `onProgress` hears each
   * percent reported. Answers the failure (null on success), or 'busy' while another install runs.
   */
  async install(offer: UpdateOffer, onProgress: Progress): Promise<string | null | 'busy'> {
    if (this.#busy) return 'busy';
    this.#busy = true;
    try {
      return await this.#install(offer, onProgress);
    } catch (error) {
      const failure = `Install interrupted: ${error instanceof Error ? error.message : String(error)}`;
      this.options.onUpdate?.(offer, 'failed', failure);
      return failure;
    } finally {
      this.#busy = false;
    }
  }

  async #report(offer: UpdateOffer, state: UpdateReport['state'], extra: Partial<UpdateReport> = {}) {
    const body: UpdateReport = { kind: offer.kind, version: offer.version, state, ...extra };
    await this.options.send('POST', '/api/devices/updates', JSON.stringify(body), {
      'content-type': 'application/json',
    });
  }

  /** Answers the failure, null on success. */
  async #install(offer: UpdateOffer, onProgress: Progress = () => {}): Promise<string | null> {
    const { random, stepMs } = this.options;
    await this.#report(offer, 'started', { percent: 0 });
    onProgress(0);
    const download = await fetch(new URL(offer.url, this.options.server));
    const bytes = download.ok ? Buffer.from(await download.arrayBuffer()) : null;
    let failure: string | null = null;
    if (!bytes) failure = `Download refused (${download.status})`;
    else if (createHash('sha256').update(bytes).digest('hex') !== offer.sha256)
      failure = 'Checksum mismatch: the package was not installed';
    else {
      for (const percent of [25, 50, 75]) {
        await sleep(stepMs * (0.5 + random()));
        await this.#report(offer, 'progress', { percent });
        onProgress(percent);
      }
      await sleep(stepMs * (0.5 + random()));
      if (random() < this.options.failureChance) failure = FAILURES[Math.floor(random() * FAILURES.length)]!;
    }
    if (failure) await this.#report(offer, 'failed', { details: failure });
    else await this.#report(offer, 'succeeded', { details: `Installed ${offer.fileName}` });
    this.options.onUpdate?.(offer, failure ? 'failed' : 'succeeded', failure);
    return failure;
  }
}
