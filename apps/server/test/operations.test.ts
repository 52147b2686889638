import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('configuration', () => {
  it('stops start-up with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ BASE_PATH: 'console/' })).toThrow(/BASE_PATH/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DISABLED_FEATURES: 'SERIES,NOPE' })).toThrow(
      /DISABLED_FEATURES: unknown feature NOPE/,
    );
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      basePath: '/console',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      demoMode: true,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    // Demo mode has known passwords: this machine only, unless HOST says otherwise.
    expect(config.host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(config.logRequests).toBe(false);
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logRequests).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('names the node, guards the metrics token and drains longer with several nodes', () => {
    const config = loadConfig({});
    expect(config.nodeName).toBe(`${hostname()}:8080`);
    expect(loadConfig({ NODE_NAME: 'fleet-a' }).nodeName).toBe('fleet-a');
    expect(() => loadConfig({ NODE_NAME: 'fleet a' })).toThrow(/NODE_NAME/);
    expect(config.metricsToken).toBeNull();
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(config.shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ REDIS_URL: 'redis://x', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});

describe('operations', () => {
  it('reports liveness and database readiness publicly', async () => {
    const response = await server.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'ready',
      heartbeats: { status: 'ok', failingSince: null },
    });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('reports a heartbeat recorder that is behind', async () => {
    const spy = vi.spyOn(server.app.heartbeatRecorder, 'status').mockReturnValue({
      pending: 40,
      oldestPendingMs: 12_300,
      lastWriteAt: new Date('2026-11-22T10:00:00Z'),
      failingSince: new Date('2026-11-22T10:00:01Z'),
      dropped: 0,
      behind: true,
    });
    try {
      const response = await server.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        heartbeats: { status: 'behind', pending: 40, oldestPendingSeconds: 12.3 },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers liveness without the database, and readiness only while it answers', async () => {
    const live = await server.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live', uptimeSeconds: expect.any(Number) });
    const ready = await server.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', message: expect.any(String) });
    const ping = vi.spyOn(server.app.database, 'ping').mockRejectedValue(new Error('connection refused'));
    try {
      const down = await server.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 'database-unavailable',
        message: 'The database did not answer within 3 s',
      });
      expect((await server.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      expect(ping).toHaveBeenCalledTimes(1);
    } finally {
      ping.mockRestore();
    }
  });

  it('answers not ready while the node stops, and still serves', async () => {
    server.app.stopping = true;
    try {
      const ready = await server.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'stopping' });
      expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      server.app.stopping = false;
    }
  });

  it('sends security headers and a content security policy', async () => {
    const response = await server.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['permissions-policy']).toContain('camera=(self)');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers to keep to HTTPS when users reach the server over HTTPS', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://fleet.example.com' });
    try {
      const response = await secure.app.inject({ url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'No route GET /api/nothing-here' });
  });

  it('serves OpenAPI documentation generated from the schemas', async () => {
    const response = await server.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/health', '/api/configurations/users/{userId}']),
    );
  });

  it('serves appsettings and a no-cache version file', async () => {
    const settings = await server.app.inject({ url: '/console/appsettings/appsettings.json' });
    expect(settings.json()).toMatchObject({ variant: 'tool-equipment', authentication: { name: 'local' } });
    const version = await server.app.inject({ url: '/console/version.json' });
    expect(version.json()).toMatchObject({ version: '25.08.00', build: expect.any(String) });
    expect(version.headers['cache-control']).toContain('no-cache');
  });

  it('rate-limits the sign-in form', async () => {
    const limited = await startTestServer({ LOGIN_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await fetch(`${limited.baseUrl}/idp/interaction/abc/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'username=a&password=b',
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
