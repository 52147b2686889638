import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { WEBHOOK_EVENT_TYPES } from '@fleet/contract';
import { startTestServer, type TestServer } from './helpers.ts';

/** Findings accepted on purpose, each with its reason. */
const WAIVED = new Map([
  [
    'operation-2xx-response #/paths/~1idp~1interaction~1{uid}~1login/post/responses',
    'a successful sign-in is a redirect (303) back to the identity provider',
  ],
  [
    'operation-2xx-response #/paths/~1idp~1profile~1password/post/responses',
    'a password changed is a redirect (303) back to the profile page, which a reload does not send again',
  ],
  [
    'operation-2xx-response #/paths/~1api~1payments~1sandbox~1checkout~1{paymentId}/post/responses',
    "the sandbox checkout's answer is a redirect (303) back to the console, as a provider's is",
  ],
]);

let server: TestServer;
let document: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  document = (await server.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => server?.close());

describe('the OpenAPI document', () => {
  it('passes a standard OpenAPI schema validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has no error or warning under the recommended lint rules', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // The spec gives these paths (/Series/{sn}/description beside /Series/EarlyAccessStatus/{sn}, …);
      // the router tries static segments first, so each request reaches one route.
      rules: { 'no-ambiguous-paths': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(document), config });
    const lines = problems
      .filter((problem) => !WAIVED.has(`${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`))
      .map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
      );
    expect(lines).toEqual([]);
  });

  it('describes each event sent to webhooks: its payload, its signature headers', () => {
    const webhooks = document.webhooks as Record<string, { post: WebhookOperation }>;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const [type, { post }] of Object.entries(webhooks)) {
      const body = post.requestBody.content['application/json'].schema;
      expect(body.properties.type, type).toEqual({ type: 'string', const: type });
      expect(body.properties.data.required?.length, type).toBeGreaterThan(0);
      expect(post.parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
        'header Webhook-Id',
        'header Webhook-Timestamp',
        'header Webhook-Signature',
      ]);
    }
    expect(
      webhooks['job.created']!.post.requestBody.content['application/json'].schema.properties.data.properties,
    ).toHaveProperty('jobId');
  });

  it('bounds every text and list a request can carry', () => {
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
        schema[key]?.forEach((part, index) => walk(part, `${where}/${key}${index}`));
      if (schema.type === 'string' && schema.maxLength === undefined && !schema.enum && !schema.format)
        unbounded.push(`${where}: text without maxLength`);
      if (schema.type === 'array') {
        if (schema.maxItems === undefined) unbounded.push(`${where}: list without maxItems`);
        walk(schema.items, `${where}[]`);
      }
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        walk(property, `${where}.${name}`);
      if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${where}.*`);
    };
    const paths = (document as { paths: Record<string, Record<string, Operation>> }).paths;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? [])
          walk(parameter.schema, `${where} ${parameter.in}.${parameter.name}`);
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {}))
          walk(content.schema, `${where} body(${type})`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

interface JsonSchema {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface WebhookOperation {
  parameters: { in: string; name: string }[];
  requestBody: {
    content: {
      'application/json': {
        schema: { properties: { type: unknown; data: { required?: string[]; properties: object } } };
      };
    };
  };
}

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
