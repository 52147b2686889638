import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { invalid } from '../../../lib/errors.ts';
import type { CheckoutRequest, PaymentNotification, PaymentProvider } from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** A notification signed more than 5 minutes from now is refused: an old one replayed. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** The test card that is declined, as providers' sandboxes have one. */
export const DECLINED_CARD = '4000000000000002';

/** A sandbox notification, the body of its webhook request. */
export const sandboxNotificationSchema = z.strictObject({
  id: z.string().min(1).max(128),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  paymentId: z.uuid(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  providerReference: z.string().max(128),
  failure: z.string().max(200).optional(),
});

function hmac(secret: Buffer, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as the sandbox signs its notifications. */
export function signSandboxNotification(secret: Buffer, body: string, at = Date.now()): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

/**
 * The built-in payment provider (docs/commerce.md "Payment"): a hosted checkout served by this server
 * and notifications signed with the webhook secret, so that the whole pay-and-return flow runs with
 * nothing outside. `send` delivers a notification the way the provider's servers would.
 */
export function sandboxPaymentProvider(options: {
  secret: Buffer;
  publicUrl: string;
  now?: () => number;
}): PaymentProvider & {
  checkoutToken(paymentId: string): string;
  checkoutTokenValid(paymentId: string, token: string): boolean;
  notification(request: {
    paymentId: string;
    amountMinor: number;
    currency: string;
    providerReference: string;
    declined: boolean;
  }): { body: string; signature: string };
} {
  const now = options.now ?? Date.now;
  const checkoutToken = (paymentId: string) => hmac(options.secret, `checkout:${paymentId}`).slice(0, 32);
  return {
    name: 'sandbox',
    checkoutToken,
    checkoutTokenValid(paymentId, token) {
      const expected = Buffer.from(checkoutToken(paymentId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async createCheckout(request: CheckoutRequest) {
      const url = `${options.publicUrl}/api/payments/sandbox/checkout/${request.paymentId}?token=${checkoutToken(request.paymentId)}`;
      return { url, providerReference: `sbx_${request.paymentId.replace(/-/g, '').slice(0, 24)}` };
    },
    notification({ paymentId, amountMinor, currency, providerReference, declined }) {
      const payload: z.infer<typeof sandboxNotificationSchema> = {
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        type: declined ? 'payment.failed' : 'payment.succeeded',
        paymentId,
        amountMinor,
        currency,
        providerReference,
        ...(declined ? { failure: 'The card was declined' } : {}),
      };
      const body = JSON.stringify(payload);
      return { body, signature: signSandboxNotification(options.secret, body, now()) };
    },
    verifyNotification(headers, rawBody): PaymentNotification {
      const header = [headers[SANDBOX_SIGNATURE_HEADER]].flat()[0] ?? '';
      const parts = Object.fromEntries(
        header
          .split(',')
          .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
      );
      const refuse = (message: string) =>
        invalid([{ field: `headers.${SANDBOX_SIGNATURE_HEADER}`, message, rule: { kind: 'invalid' } }]);
      const t = Number(parts.t);
      if (!header || !Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? ''))
        throw refuse('is missing or malformed');
      if (Math.abs(now() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS)
        throw refuse('is too old or from the future');
      const expected = Buffer.from(hmac(options.secret, `${t}.${rawBody.toString('utf8')}`), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'))) throw refuse('does not match the body');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw invalid([{ field: 'body', message: 'is not JSON', rule: { kind: 'format' } }]);
      }
      const parsed = sandboxNotificationSchema.safeParse(json);
      if (!parsed.success)
        throw invalid([
          {
            field: 'body',
            message: `is not a notification (${parsed.error.issues[0]!.message})`,
            rule: { kind: 'format' },
          },
        ]);
      const { id, ...rest } = parsed.data;
      return { eventId: id, ...rest };
    },
  };
}
export type SandboxPaymentProvider = ReturnType<typeof sandboxPaymentProvider>;
