import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runHourly, runPeriodically } from '../../lib/hourly.ts';
import { webhookConsumer } from './consumer.ts';
import { WebhookDeliverer } from './deliverer.ts';
import { pruneDeliveries } from './deliveries.ts';

export interface Webhooks {
  /** Sends every delivery due now (the turn each node takes every WEBHOOK_DELIVERY_SECONDS). */
  deliverDue(): Promise<number>;
}

/**
 * Webhooks (docs/notifications.md "Webhooks"), after the alerts: their deliveries are made as the events
 * are dispatched; every WEBHOOK_DELIVERY_SECONDS each node sends those due; old ones go hourly.
 */
export const webhooksPlugin = fp(async (app: FastifyInstance) => {
  const db = () => app.database.db;
  app.alerts.addConsumer(webhookConsumer(app.config.disabledFeatures));
  const deliverer = new WebhookDeliverer({ db, node: app.config.nodeName, log: app.log });
  const everyMs = app.config.webhookDeliverySeconds * 1000;
  // Switched off on this server (DISABLED_FEATURES): nothing is made, and nothing waiting is sent.
  if (!app.config.disabledFeatures.has('WEBHOOKS'))
    runPeriodically(app, 'webhook deliveries', { firstMs: everyMs, everyMs }, async () => {
      await deliverer.deliverDue();
    });
  runHourly(app, 'webhook deliveries pruning', async () => {
    await pruneDeliveries(db(), new Date());
  });
  // Before the runs under way are waited for: a sending the server will not finish is handed back.
  app.addHook('preClose', async () => deliverer.stop());
  app.decorate('webhooks', { deliverDue: () => deliverer.deliverDue() } satisfies Webhooks);
});

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}
