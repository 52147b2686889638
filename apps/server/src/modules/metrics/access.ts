import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A connection from this machine (127.0.0.0/8, ::1, also IPv4-mapped), by the socket's own address. */
export function isLoopback(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * A request a proxy passed on: its connection comes from the proxy, which may be on this machine, so the
 * loopback address says nothing of the client. A client that adds such a header only refuses itself.
 */
export function cameThroughProxy(headers: IncomingHttpHeaders): boolean {
  return ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => headers[name] !== undefined);
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface MetricsRefusal {
  status: 401 | 403;
  message: string;
}

/**
 * Who may read the metrics: a scraper on this machine (loopback, not through a proxy), and, when
 * METRICS_TOKEN is set, any client sending it as a bearer token. Answers why not, or null.
 */
export function metricsRefusal(
  request: { remoteAddress: string | undefined; headers: IncomingHttpHeaders },
  token: string | null,
): MetricsRefusal | null {
  const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token && bearer !== undefined)
    return sameSecret(bearer, token) ? null : { status: 401, message: 'The metrics token is not valid' };
  if (isLoopback(request.remoteAddress) && !cameThroughProxy(request.headers)) return null;
  if (!token)
    return {
      status: 403,
      message:
        'Metrics are answered to this machine only; set METRICS_TOKEN to let a scraper elsewhere read them',
    };
  return { status: 401, message: 'Metrics need the header Authorization: Bearer <METRICS_TOKEN>' };
}
