import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../../lib/hourly.ts';
import { legacySecretFile, sharedRandomBytes } from '../../../db/server-secrets.ts';
import { deliverOrder, receiveOrder } from './actions.ts';
import { sandboxPaymentProvider, type SandboxPaymentProvider } from '../payments/sandbox.ts';
import { recordDueScans } from '../shipping/packages.ts';

const CARRIER = { id: null, name: 'Carrier' };

/**
 * The payment provider the server takes payments through, and the carriers' scans looked at every
 * SHIPMENT_TRACKING_SECONDS (docs/commerce.md): a package delivered at the center marks its order
 * received, one delivered back marks it delivered. Rows are taken `FOR UPDATE SKIP LOCKED`, so that with
 * several nodes each scan is recorded once.
 */
export const commercePlugin = fp(async (app: FastifyInstance) => {
  const secret = app.config.paymentWebhookSecret
    ? Buffer.from(app.config.paymentWebhookSecret)
    : await sharedRandomBytes(
        app.database.db,
        'payment-webhook-secret',
        legacySecretFile(app.config.dataDir, 'payment-webhook-secret'),
      );
  app.decorate('paymentProvider', sandboxPaymentProvider({ secret, publicUrl: app.config.publicUrl }));
  const everyMs = app.config.shipmentTrackingSeconds * 1000;
  runPeriodically(app, 'shipment tracking', { firstMs: everyMs, everyMs }, async () => {
    const delivered = await app.database.db.transaction(async (tx) => {
      const packages = await recordDueScans(tx, new Date());
      for (const item of packages) {
        const follow = item.direction === 'inbound' ? receiveOrder : deliverOrder;
        await follow(tx, CARRIER, item.orderId).catch((error: unknown) => {
          // Marked by hand before the scan came: nothing left to do.
          if ((error as { status?: number }).status !== 409) throw error;
        });
      }
      return packages.length;
    });
    if (delivered) app.log.info({ delivered }, 'packages delivered');
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: SandboxPaymentProvider;
  }
}
