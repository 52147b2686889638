import { createHmac, randomBytes } from 'node:crypto';
import { APP_VERSION, WEBHOOK_HEADERS, WEBHOOK_RESPONSE_EXCERPT_MAX } from '@fleet/contract';

/** A new signing secret: shown once, kept to sign with. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The hex HMAC-SHA256 of `<timestamp>.<body>` keyed by the endpoint's secret (docs/notifications.md). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** What a receiver made of one sending. */
export interface SendResult {
  /** Its HTTP status; null when no answer came. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

export interface Sending {
  url: string;
  secret: string;
  deliveryId: number;
  body: string;
  at: Date;
  timeoutMs: number;
  /** Aborted when the server stops. */
  signal: AbortSignal;
}

const USER_AGENT = `FleetConsole-Webhooks/${APP_VERSION}`;

/** The first bytes of an answer, read no further. */
async function excerptOf(response: Response): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < WEBHOOK_RESPONSE_EXCERPT_MAX) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_MAX));
  return text === '' ? null : text.slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX);
}

function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `No answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  return (cause ?? (error as Error).message ?? String(error)).slice(0, 500);
}

/**
 * POSTs a delivery, signed; a redirect is an answer like any other (never followed, so a receiver
 * cannot send the request elsewhere). Never throws: what happened is the result.
 */
export async function sendDelivery(sending: Sending): Promise<SendResult> {
  const timestamp = Math.floor(sending.at.getTime() / 1000);
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(sending.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(sending.timeoutMs), sending.signal]),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.id]: String(sending.deliveryId),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: `t=${timestamp},v1=${webhookSignature(sending.secret, timestamp, sending.body)}`,
      },
      body: sending.body,
    });
    const responseExcerpt = await excerptOf(response).catch(() => null);
    return { statusCode: response.status, error: null, durationMs: duration(), responseExcerpt };
  } catch (error) {
    return {
      statusCode: null,
      error: failureOf(error, sending.timeoutMs),
      durationMs: duration(),
      responseExcerpt: null,
    };
  }
}
