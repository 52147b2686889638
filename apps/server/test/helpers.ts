import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { eq } from 'drizzle-orm';
import { companies } from '../src/db/schema.ts';
import { DEMO_CUSTOMER } from '../src/demo/seed.ts';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { postgresAdminUrl, scratchDatabase } from './postgres.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The seeded snapshot, read once per test worker (its test files share their modules), in shared
 * memory: each database's thread reads it without a copy of its own.
 */
let snapshot: Promise<Uint8Array> | undefined;

/** A database of its own on PostgreSQL (a copy of `template`, else empty), dropped when it is closed. */
async function openScratchDatabase(prefix: string, template?: string): Promise<Database> {
  const scratch = await scratchDatabase(prefix, template);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A fresh copy of the seeded test database: the PGlite snapshot, or a PostgreSQL copy of the template. */
async function openTestDatabase(): Promise<Database> {
  const template = inject('postgresTemplate');
  if (template && postgresAdminUrl) return openScratchDatabase('test', template);
  snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => {
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    shared.set(bytes);
    return shared;
  });
  return openDatabase({ loadDataDir: await snapshot, sharedBuffersMb: TEST_SHARED_BUFFERS_MB });
}

/**
 * An empty database (migrated, nothing seeded) of the pass's kind: in-memory PGlite, or a database of
 * its own on PostgreSQL in that pass, dropped when closed.
 */
export async function openEmptyDatabase(): Promise<Database> {
  return postgresAdminUrl
    ? openScratchDatabase('empty')
    : openDatabase({ sharedBuffersMb: TEST_SHARED_BUFFERS_MB });
}

/** A test's database holds about 40 MB: PGlite's 128 MB of shared buffers only slow its start. */
const TEST_SHARED_BUFFERS_MB = 16;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface DeviceInjection {
  method?: Method;
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: FastifyInstance;
  /** A request as a demo user. */
  call(username: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /**
   * A request of the device protocol, signed with the device's key (issued through the API the first
   * time a test uses the device). `payload` is sent as these exact bytes: an object as JSON.
   */
  asDevice(serialNumber: string, request: DeviceInjection): Promise<LightMyRequestResponse>;
  /** The signed Authorization header for exactly this request. */
  deviceAuthorization(
    serialNumber: string,
    method: string,
    url: string,
    body?: string | Buffer,
  ): Promise<string>;
  /** The device's private key (issued through the API the first time a test uses the device). */
  deviceKey(serialNumber: string): Promise<string>;
  /** The company the customer and series-user demo users belong to. */
  demoCustomerCompanyId(): Promise<string>;
  config: Config;
  database: Database;
  baseUrl: string;
  /** A real access token of a demo user, signed in through the identity provider (cached per user). */
  tokenFor(username: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port, on its own copy of the seeded database; with `nodeOf`, a
 * second node of that server: the same database and data directory (identity keys, media).
 * `signInClock` replaces the time the sign-in throttle reads.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  nodeOf?: TestServer,
  { signInClock }: Pick<BuildOptions, 'signInClock'> = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = nodeOf ? nodeOf.config.dataDir : await mkdtemp(path.join(tmpdir(), 'fleet-server-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_MODE: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  });
  const database = nodeOf ? nodeOf.database : await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: !!process.env.TEST_LOG_LEVEL,
    webDir: path.join(dataDir, 'no-console'),
    signInClock,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokens = new Map<string, Promise<string>>();
  const deviceKeys = new Map<string, Promise<string>>();
  const deviceKeyOf = (serialNumber: string) => {
    let key = deviceKeys.get(serialNumber);
    if (!key) {
      key = tokenFor('administrator')
        .then((token) =>
          app.inject({
            method: 'POST',
            url: `/api/Series/${serialNumber}/device-key`,
            headers: { authorization: `Bearer ${token}` },
          }),
        )
        .then((response) => {
          if (response.statusCode !== 201) throw new Error(`no key for ${serialNumber}: ${response.body}`);
          return (response.json() as { deviceKey: string }).deviceKey;
        });
      deviceKeys.set(serialNumber, key);
    }
    return key;
  };
  const deviceAuthorization = async (
    serialNumber: string,
    method: string,
    url: string,
    body?: string | Buffer,
  ) => signDeviceRequest(serialNumber, await deviceKeyOf(serialNumber), { method, url, body });
  const tokenFor = (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = signInThroughIdp(baseUrl, username).then((result) => {
        if (!result.ok) throw new Error(`${username} could not sign in (${result.status})`);
        return result.tokens.access_token;
      });
      tokens.set(username, token);
    }
    return token;
  };
  return {
    app,
    async call(username, method, url, payload) {
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await tokenFor(username)}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    deviceAuthorization,
    deviceKey: deviceKeyOf,
    async asDevice(serialNumber, { method = 'POST', url, payload, headers = {} }) {
      const body =
        payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload)
          ? payload
          : JSON.stringify(payload);
      const contentType =
        typeof payload === 'object' && !Buffer.isBuffer(payload) ? 'application/json' : undefined;
      return app.inject({
        method,
        url,
        headers: {
          ...(contentType ? { 'content-type': contentType } : {}),
          ...headers,
          authorization: await deviceAuthorization(serialNumber, method, url, body),
        },
        ...(body === undefined ? {} : { payload: body }),
      });
    },
    async demoCustomerCompanyId() {
      const [company] = await database.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.code, DEMO_CUSTOMER));
      return company!.id;
    },
    config,
    database,
    baseUrl,
    tokenFor,
    async close() {
      await app.close();
      if (nodeOf) return;
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
