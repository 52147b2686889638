import { describe, expect, it } from 'vitest';
import { cameThroughProxy, isLoopback, metricsRefusal } from './access.ts';

const TOKEN = 'a-metrics-token-long-enough';

describe('who may read the metrics', () => {
  it('tells loopback connections by the address alone', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
      expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', '2001:db8::1', '', 'localhost'])
      expect(isLoopback(address), address).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it('tells a request a proxy passed on', () => {
    expect(cameThroughProxy({})).toBe(false);
    expect(cameThroughProxy({ 'x-forwarded-for': '203.0.113.9' })).toBe(true);
    expect(cameThroughProxy({ forwarded: 'for=203.0.113.9' })).toBe(true);
    expect(cameThroughProxy({ 'x-real-ip': '203.0.113.9' })).toBe(true);
  });

  it('answers a scraper on this machine, not one behind a proxy on it', () => {
    expect(metricsRefusal({ remoteAddress: '127.0.0.1', headers: {} }, null)).toBeNull();
    expect(metricsRefusal({ remoteAddress: '::1', headers: {} }, TOKEN)).toBeNull();
    expect(
      metricsRefusal({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } }, null),
    ).toEqual({ status: 403, message: expect.stringContaining('METRICS_TOKEN') });
  });

  it('refuses other machines without a token set (403), and asks for it when set (401)', () => {
    const elsewhere = { remoteAddress: '203.0.113.9', headers: {} };
    expect(metricsRefusal(elsewhere, null)).toEqual({
      status: 403,
      message: expect.stringContaining('this machine only'),
    });
    expect(metricsRefusal(elsewhere, TOKEN)).toEqual({
      status: 401,
      message: expect.stringContaining('Authorization: Bearer'),
    });
    // A bearer token sent where none is set opens nothing.
    expect(
      metricsRefusal({ ...elsewhere, headers: { authorization: `Bearer ${TOKEN}` } }, null)?.status,
    ).toBe(403);
  });

  it('takes the token from any client, and refuses another one even from this machine', () => {
    const withToken = (value: string, remoteAddress = '203.0.113.9') =>
      metricsRefusal({ remoteAddress, headers: { authorization: value } }, TOKEN);
    expect(withToken(`Bearer ${TOKEN}`)).toBeNull();
    expect(withToken(`bearer ${TOKEN}`)).toBeNull();
    expect(withToken(`Bearer ${TOKEN}x`)).toEqual({ status: 401, message: 'The metrics token is not valid' });
    expect(withToken(`Bearer ${TOKEN.slice(1)}`, '127.0.0.1')?.status).toBe(401);
    expect(withToken(`Basic ${TOKEN}`)?.status).toBe(401);
  });
});
