import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { accessories, components, series, stores } from '../src/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { exampleOf, type JsonSchema } from './openapi-examples.ts';
import { ConformanceLog } from './conformance-log.ts';

/**
 * Every operation of the served OpenAPI document, sent malformed path values, query values, bodies
 * and content types. Nothing may answer 5xx, and every error must say what was wrong. New routes
 * are covered as soon as they are documented, which start-up enforces.
 */

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  bodyTypes: string[];
  bodyFields: string[];
  /** A body the schema accepts, to change one field of at a time. */
  validBody: unknown;
  security: Record<string, string[]>[];
}

type Case = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

const HOSTILE_VALUES = [
  '%00',
  'a%00b',
  '2147483648',
  '99999999999',
  '99999999999999999999',
  '-1',
  '0',
  '1e300',
  '1.5',
  'NaN',
  '%FF%FE',
  '..%2F..%2Fetc',
  '%F0%9F%92%A5',
  'x'.repeat(400),
  '%22%22',
  '%20',
];

const HOSTILE_JSON_VALUES: unknown[] = [
  null,
  -1,
  2 ** 31,
  1e300,
  'x'.repeat(5000),
  '\u0000x',
  'a\u0000',
  true,
  [],
  [1, 2, 3],
  {},
  { nested: { deeper: ['\u0000'] } },
  Array.from({ length: 500 }, () => 'v'),
  // Well formed, but naming records that do not exist.
  999_999,
  '00000000-0000-4000-8000-00000000dead',
];

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

let server: TestServer;
let operations: Operation[];
let samples: Record<string, string>;
let conformance: ConformanceLog;

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined
      )?.content;
      // Fields are sent one at a time in JSON: a multipart or file body is sent whole, malformed.
      const bodySchema = content?.['application/json']?.schema as JsonSchema | undefined;
      found.push({
        method: method.toUpperCase(),
        path,
        operationId: String(operation.operationId),
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        bodyTypes: Object.keys(content ?? {}),
        bodyFields: Object.keys(bodySchema?.properties ?? {}),
        validBody: bodySchema ? exampleOf(bodySchema) : undefined,
        security: (operation.security as Record<string, string[]>[] | undefined) ?? [],
      });
    }
  }
  return found;
}

/** Values of the right shape for each path parameter, so that one parameter at a time is malformed. */
async function sampleValues(): Promise<Record<string, string>> {
  const db = server.database.db;
  const [device] = await db
    .select({ id: series.id, serialNumber: series.serialNumber })
    .from(series)
    .where(and(eq(series.deviceStatus, 'A'), isNotNull(series.companyId)))
    .limit(1);
  const [accessory] = await db.select({ id: accessories.id }).from(accessories).limit(1);
  const [store] = await db.select({ id: stores.id }).from(stores).limit(1);
  const [component] = await db
    .select({ id: components.id })
    .from(components)
    .where(eq(components.seriesId, device!.id))
    .limit(1);
  const me = await server.call('administrator', 'GET', '/api/me');
  return {
    serialNumber: device!.serialNumber,
    id: String(accessory?.id ?? store?.id ?? component?.id ?? 1),
    userId: me.json().sub,
    product: 'tool',
    key: 'screenshots%2Fnone.png',
    uid: 'no-such-interaction',
    type: 'TPMS-TOOL',
    version: '1.0.0',
    // Well formed, of no record: a body reaches its own checks, a deletion finds nothing.
    vin: '1M8GDM9AXKP042788',
    reference: 'NO-SUCH-BATTERY',
    language: 'fr',
  };
}

function urlOf(operation: Operation, pathValues: Record<string, string> = {}, query = ''): string {
  const path = operation.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => pathValues[name] ?? samples[name] ?? '1',
  );
  return query ? `${path}?${query}` : path;
}

function casesFor(operation: Operation): Case[] {
  const cases: Case[] = [];
  const jsonBody = operation.bodyTypes.includes('application/json');
  const validish = jsonBody ? '{}' : undefined;
  const withBody = (payload: string | Buffer | undefined, contentType?: string) =>
    payload === undefined ? {} : { payload, headers: { 'content-type': contentType ?? 'application/json' } };

  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    for (const value of HOSTILE_VALUES)
      cases.push({
        label: `path ${parameter.name}=${value.slice(0, 20)}`,
        url: urlOf(operation, { [parameter.name]: value }),
        ...withBody(validish),
      });
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    for (const value of HOSTILE_VALUES)
      cases.push({
        label: `query ${parameter.name}=${value.slice(0, 20)}`,
        url: urlOf(operation, {}, `${parameter.name}=${value}`),
        ...withBody(validish),
      });
    cases.push({
      label: `query ${parameter.name} repeated 300 times`,
      url: urlOf(operation, {}, Array.from({ length: 300 }, () => `${parameter.name}=1`).join('&')),
      ...withBody(validish),
    });
  }
  cases.push({
    label: 'unknown query key with NUL',
    url: urlOf(operation, {}, 'x%00y=%00'),
    ...withBody(validish),
  });

  if (operation.method === 'GET' || operation.method === 'DELETE') return cases;
  const url = urlOf(operation);
  const bodies: [string, string | Buffer, string][] = [
    ['not JSON', '{"a":', 'application/json'],
    ['empty JSON', '', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['JSON array', '[1,2]', 'application/json'],
    ['JSON number', '7', 'application/json'],
    ['JSON string', '"\\u0000"', 'application/json'],
    ['JSON nested 10,000 deep', deepJson(10_000), 'application/json'],
    ['JSON nested 40 deep', deepJson(40), 'application/json'],
    ['text', 'hello', 'text/plain'],
    ['form', 'a=1&a=2&b=%00', 'application/x-www-form-urlencoded'],
    ['multipart without boundary', '--x\r\n\r\n', 'multipart/form-data'],
    ['multipart with a wrong boundary', '--x\r\n\r\n', 'multipart/form-data; boundary=y'],
    ['image that is not one', 'not a png', 'image/png'],
    ['JSON over the body limit', JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'],
    ['unknown content type', '{}', 'application/x-nothing'],
  ];
  for (const [label, payload, contentType] of bodies)
    cases.push({ label: `body ${label}`, url, payload, headers: { 'content-type': contentType } });
  const base = typeof operation.validBody === 'object' && operation.validBody ? operation.validBody : {};
  for (const field of operation.bodyFields) {
    for (const value of HOSTILE_JSON_VALUES)
      cases.push({
        label: `body ${field}=${JSON.stringify(value).slice(0, 30)}`,
        url,
        payload: JSON.stringify({ ...base, [field]: value }),
        headers: { 'content-type': 'application/json' },
      });
  }
  return cases;
}

/** What a 4xx answer must carry: a message, and for a 400 one naming the parameter, field or part at fault. */
function errorProblem(operation: Operation, response: LightMyRequestResponse): string | null {
  if (String(response.headers['content-type'] ?? '').includes('text/html'))
    return /<h1>[^<]+<\/h1><p>[^<]+/.test(response.body) ? null : 'HTML error page without a message';
  let body: { status?: unknown; message?: unknown; details?: unknown };
  try {
    body = response.json();
  } catch {
    return `error body is not JSON: ${response.body.slice(0, 80)}`;
  }
  if (body.status !== response.statusCode) return `error body status ${String(body.status)}`;
  if (typeof body.message !== 'string' || body.message.trim() === '') return 'error body without a message';
  if (response.statusCode !== 400) return null;
  const names = [
    'body',
    'query',
    'path',
    'content-type',
    ...operation.parameters.map((p) => p.name),
    ...operation.bodyFields,
  ].map((name) => name.toLowerCase());
  const message = body.message.toLowerCase();
  return names.some((name) => message.includes(name)) ? null : `400 naming nothing: ${body.message}`;
}

async function headersFor(operation: Operation, request: Case): Promise<Record<string, string>> {
  const scheme = Object.keys(operation.security[0] ?? {})[0];
  if (scheme === 'bearer') return { authorization: `Bearer ${await server.tokenFor('administrator')}` };
  if (scheme === 'device')
    return {
      authorization: await server.deviceAuthorization(
        samples.serialNumber!,
        operation.method,
        request.url,
        request.payload,
      ),
    };
  return {};
}

beforeAll(async () => {
  server = await startTestServer();
  const document = (await server.app.inject({ url: '/api/docs/json' })).json();
  operations = operationsOf(document);
  conformance = new ConformanceLog(document);
  samples = await sampleValues();
});
afterAll(async () => server?.close());

describe('fuzzing every documented operation', () => {
  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers malformed requests with a 4xx that says what was wrong, never a 5xx', async () => {
    const failures: string[] = [];
    const refusedBefore = server.app.databaseRefusals.count;
    let sent = 0;
    for (const operation of operations) {
      for (const request of casesFor(operation)) {
        const auth = await headersFor(operation, request);
        const response = await server.app.inject({
          method: operation.method as 'GET',
          url: request.url,
          headers: { ...auth, ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        sent++;
        conformance.record(operation.method, operation.path, response);
        const where = `${operation.method} ${operation.path} [${request.label}] → ${response.statusCode}`;
        if (response.statusCode >= 500) failures.push(`${where}: ${response.body.slice(0, 120)}`);
        else if (response.statusCode >= 400) {
          const problem = errorProblem(operation, response);
          if (problem) failures.push(`${where}: ${problem}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // Refused by validation, not by the database: the net under the services caught nothing.
    expect(server.app.databaseRefusals.count - refusedBefore).toBe(0);
    // Thousands of requests, more with every route: a time of its own, not the suite's minute.
  }, 300_000);

  it('answers each of them as the OpenAPI document says', () => {
    expect(conformance.checked).toBeGreaterThan(2000);
    expect(conformance.report()).toEqual([]);
  });
});
