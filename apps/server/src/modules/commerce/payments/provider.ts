/** What a payment provider tells the server about a payment (docs/commerce.md "Payment"). */
export interface PaymentNotification {
  /** The provider's id of the notification: each is acted on once. */
  eventId: string;
  type: 'payment.succeeded' | 'payment.failed';
  paymentId: string;
  amountMinor: number;
  currency: string;
  providerReference: string;
  failure?: string;
}

export interface CheckoutRequest {
  paymentId: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** Where the provider sends the customer back after paying, or after giving up. */
  returnUrl: string;
  cancelUrl: string;
}

/**
 * A payment provider: a hosted checkout the customer is sent to, and signed notifications back. A real
 * provider is an adapter of this interface named by PAYMENT_PROVIDER; its notifications arrive at
 * `/api/payments/webhooks/{name}`.
 */
export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerReference: string }>;
  /** The notification in a webhook request, or an error (400) when its signature or time is wrong. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): PaymentNotification;
}
