import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request an integrator's endpoint received. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as it came, byte for byte: what the signature is over. */
  raw: string;
  body: { id: string; type: string; version: number; occurredAt: string; data: Record<string, unknown> };
}

/**
 * Integrators' endpoints on this machine, one a path: records what each receives and answers each request
 * with the next status given for its path (the last one once they run out; 200 when none was given).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, raw, body: JSON.parse(raw) });
      const statuses = answers.get(path) ?? [200];
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** What it received at this path. */
    at: (path: string) => received.filter((request) => request.path === path),
    answer(path: string, statuses: number[]) {
      answers.set(path, [...statuses]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The receiver's check of a delivery, as docs/notifications.md gives it: the HMAC-SHA256 of
 * `<t>.<raw body>` keyed by the endpoint's secret, compared in constant time, `t` within 5 minutes.
 */
export function verifyWebhook(
  secret: string,
  signature: string,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(signature.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
