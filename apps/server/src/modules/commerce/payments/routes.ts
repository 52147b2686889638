import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMinorUnits } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { currencies } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { DECLINED_CARD, SANDBOX_SIGNATURE_HEADER, sandboxNotificationSchema } from './sandbox.ts';
import { applyNotification, checkoutPayment } from './service.ts';

const tags = ['payments'];

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function checkoutPage(options: {
  amount: string;
  merchant: string;
  order: string;
  action: string;
  token: string;
  message?: string;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout – ${escape(options.order)}</title></head>
<body style="font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; padding: 24px; color: #1a1b1e">
<main style="max-width: 420px; margin: 40px auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.15)">
<p style="margin: 0; font-size: 13px; color: #5c5f66">Sandbox payment provider · no real money moves</p>
<h1 style="font-size: 22px; margin: 8px 0 4px">Pay ${escape(options.amount)}</h1>
<p style="margin: 0 0 16px">to Fleet Instruments for order ${escape(options.order)} (${escape(options.merchant)})</p>
${options.message ? `<p role="alert" style="color: #c92a2a">${escape(options.message)}</p>` : ''}
<form method="post" action="${escape(options.action)}">
<input type="hidden" name="token" value="${escape(options.token)}">
<label for="card" style="display: block; font-size: 14px; margin-bottom: 4px">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required
 style="width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; border: 1px solid #ced4da; border-radius: 4px">
<p style="font-size: 12px; color: #5c5f66">Test cards: 4242 4242 4242 4242 is paid, ${DECLINED_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined.</p>
<button name="decision" value="pay" style="width: 100%; padding: 10px; font-size: 16px; background: #1c7ed6; color: #fff; border: 0; border-radius: 4px">Pay ${escape(options.amount)}</button>
<button name="decision" value="cancel" formnovalidate style="width: 100%; margin-top: 8px; padding: 10px; font-size: 14px; background: none; border: 1px solid #ced4da; border-radius: 4px">Cancel and return</button>
</form></main></body></html>`;
}

/**
 * The sandbox provider's hosted checkout and every provider's webhook (docs/commerce.md "Payment"). Both
 * are public, as a provider's are: the checkout's token and the webhook's signature are the permission.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const db = () => app.database.db;
  const provider = () => app.paymentProvider;
  const consoleUrl = () => `${app.config.publicUrl}${app.config.basePath}`;

  await app.register(async (checkout) => {
    await checkout.register(formbody, { bodyLimit: 4096 });
    const routes = checkout.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ paymentId: z.uuid() });
    const html = {
      200: { description: 'The checkout page', content: { 'text/html': { schema: z.string() } } },
    };
    const paymentOf = async (paymentId: string, token: string) => {
      const payment = await checkoutPayment(db(), paymentId);
      if (!payment || !provider().checkoutTokenValid(paymentId, token)) throw notFound('No such checkout');
      const [currency] = await db().select().from(currencies).where(eq(currencies.code, payment.currency));
      return {
        ...payment,
        amount: `${formatMinorUnits(payment.amountMinor, currency?.minorUnits ?? 2)} ${payment.currency}`,
      };
    };
    routes.get(
      '/api/payments/sandbox/checkout/:paymentId',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'sandboxCheckoutPage',
          tags,
          summary: "The sandbox provider's hosted checkout page",
          params,
          querystring: z.object({ token: z.string().max(64) }),
          response: html,
        },
      },
      async (request, reply) => {
        const payment = await paymentOf(request.params.paymentId, request.query.token);
        if (payment.status !== 'pending')
          return reply.redirect(`${consoleUrl()}/user/orders/${payment.orderId}`, 303);
        return reply.type('text/html; charset=utf-8').send(
          checkoutPage({
            amount: payment.amount,
            merchant: payment.companyName,
            order: payment.orderNumber,
            action: `/api/payments/sandbox/checkout/${payment.id}`,
            token: request.query.token,
          }),
        );
      },
    );
    routes.post(
      '/api/payments/sandbox/checkout/:paymentId',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'sandboxCheckoutDecision',
          tags,
          summary:
            'Pays or cancels in the sandbox checkout; the provider then notifies the server and sends the customer back',
          params,
          body: z.object({
            token: z.string().max(64),
            card: z.string().max(40).optional(),
            decision: z.enum(['pay', 'cancel']),
          }),
          response: { 303: z.null().describe('Back to the console') },
        },
      },
      async (request, reply) => {
        const payment = await paymentOf(request.params.paymentId, request.body.token);
        if (request.body.decision === 'cancel' || payment.status !== 'pending')
          return reply.redirect(`${consoleUrl()}/user/orders/${payment.orderId}`, 303);
        const card = (request.body.card ?? '').replace(/\s/g, '');
        const notification = provider().notification({
          paymentId: payment.id,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          providerReference: payment.providerReference ?? '',
          declined: card === DECLINED_CARD,
        });
        // As a provider does, the notification goes out after the customer is sent back, and is tried
        // again when the server does not take it.
        deliverNotification(app, notification);
        return reply.redirect(
          card === DECLINED_CARD
            ? `${consoleUrl()}/user/orders/${payment.orderId}?payment=declined`
            : `${consoleUrl()}/payment-success/${payment.orderId}`,
          303,
        );
      },
    );
  });

  await app.register(async (webhooks) => {
    // The signature is over the body as sent: keep it as bytes.
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhooks/:provider',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'paymentWebhook',
          tags,
          summary: "A payment provider's signed notification; a repeated one changes nothing",
          consumes: ['application/json'],
          ownBody: sandboxNotificationSchema.describe(
            `The provider's notification as it sends it, read as bytes since the signature is over them. The built-in sandbox sends this object, signed in the ${SANDBOX_SIGNATURE_HEADER} header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the webhook secret>.`,
          ),
          params: z.object({ provider: z.string().max(32) }),
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        if (request.params.provider !== provider().name)
          throw notFound(`No payment provider ${request.params.provider}`);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const notification = provider().verifyNotification(request.headers, raw);
        const result = await applyNotification(db(), provider().name, notification);
        return { received: true, ...result };
      },
    );
  });
}

const RETRIES_MS = [0, 1000, 5000, 30_000];

/** Sends a sandbox notification to this server's webhook, trying again on failure, as a provider would. */
function deliverNotification(
  app: FastifyInstance,
  notification: { body: string; signature: string },
  attempt = 0,
) {
  setTimeout(() => {
    app
      .inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', 'sandbox-signature': notification.signature },
        payload: notification.body,
      })
      .then((response) => {
        if (response.statusCode >= 500 && attempt + 1 < RETRIES_MS.length)
          deliverNotification(app, notification, attempt + 1);
        else if (response.statusCode >= 400)
          app.log.warn({ status: response.statusCode, body: response.body }, 'sandbox notification refused');
      })
      .catch((error: unknown) => {
        if (attempt + 1 < RETRIES_MS.length) deliverNotification(app, notification, attempt + 1);
        else app.log.error({ err: error }, 'sandbox notification not delivered');
      });
  }, RETRIES_MS[attempt]);
}
