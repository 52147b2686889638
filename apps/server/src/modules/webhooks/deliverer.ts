import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fleetEventOf } from '../alerts/events.ts';
import { claimDue, recordAttempt, releaseDelivery, type ClaimedDelivery } from './deliveries.ts';
import { sendDelivery } from './send.ts';

export interface DelivererOptions {
  db: () => Db;
  /** This node, as leases name it. */
  node: string;
  log: FastifyBaseLogger;
  /** The time deliveries fall due, attempts are dated and retries are counted by; tests move it. */
  clock?: () => Date;
  leaseMs?: number;
  timeoutMs?: number;
  /** Deliveries taken and sent at once. */
  batch?: number;
}

/**
 * Each node's sender of webhook deliveries (docs/notifications.md "Webhooks"): takes the due ones under
 * a lease, POSTs each, and records how it went. A node that dies leaves its lease to run out: the
 * delivery is sent again by any node, so a receiver may get one twice (at least once).
 */
export class WebhookDeliverer {
  readonly #clock: () => Date;
  readonly #leaseMs: number;
  readonly #timeoutMs: number;
  readonly #batch: number;
  readonly #stopping = new AbortController();

  constructor(private readonly options: DelivererOptions) {
    this.#clock = options.clock ?? (() => new Date());
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    // Longer than a sending can take: a lease runs out only when its node is gone.
    this.#leaseMs = options.leaseMs ?? 6 * this.#timeoutMs;
    this.#batch = options.batch ?? 20;
  }

  /** Sends every delivery due now; answers how many were tried. */
  async deliverDue(): Promise<number> {
    let tried = 0;
    while (!this.#stopping.signal.aborted) {
      const { db, node } = this.options;
      const claimed = await claimDue(db(), node, this.#clock(), this.#leaseMs, this.#batch);
      await Promise.all(claimed.map((delivery) => this.#attempt(delivery)));
      tried += claimed.length;
      if (claimed.length < this.#batch) break;
    }
    return tried;
  }

  /** Stops at once: deliveries being sent are handed back for the next turn of any node. */
  stop(): void {
    this.#stopping.abort();
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    const { db, node, log } = this.options;
    const at = this.#clock();
    const result = await sendDelivery({
      url: delivery.endpoint.url,
      secret: delivery.endpoint.secret,
      deliveryId: delivery.id,
      body: JSON.stringify(fleetEventOf(delivery.event)),
      at,
      timeoutMs: this.#timeoutMs,
      signal: this.#stopping.signal,
    });
    try {
      if (this.#stopping.signal.aborted) await releaseDelivery(db(), delivery.id, node);
      else {
        const outcome = await recordAttempt(db(), node, delivery, result, at);
        if (outcome === 'failed') log.warn({ delivery: delivery.id }, 'webhook delivery failed for good');
      }
    } catch (error) {
      // Its lease runs out and another turn sends it again.
      log.error({ err: error, delivery: delivery.id }, 'webhook attempt not recorded');
    }
  }
}
