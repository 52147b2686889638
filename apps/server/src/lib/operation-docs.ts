import type { FastifySchema } from 'fastify';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGING_HEADER_DOCS, isCursorPagedAnswer } from './keyset.ts';
import { RETRY_AFTER_HEADER_DOCS, isRetryLaterAnswer } from './route-docs.ts';
import { webhookDocs } from './webhook-docs.ts';

type JsonSchema = Record<string, unknown>;
interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

// @fastify/swagger reads an answer's headers as schemas and keeps no `required`: it travels as this mark.
const REQUIRED_MARK = 'x-required-header';

const asSwaggerHeaders = (headers: Record<string, HeaderObject>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, { description, required, schema }]) => [
      name,
      { ...schema, description, ...(required ? { [REQUIRED_MARK]: true } : {}) },
    ]),
  );

function requiredHeaders(headers: Record<string, { schema?: JsonSchema }>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => {
      const { [REQUIRED_MARK]: required, ...schema } = header.schema ?? {};
      return [name, { ...header, ...(required ? { required: true } : {}), schema }];
    }),
  );
}

/** OpenAPI 3.0.3: `nullable` does not add null to an `enum`, so a nullable enum lists null itself. */
function nullInNullableEnums(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullInNullableEnums);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, nullInNullableEnums(item)]),
  );
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...(schema.enum as unknown[]), null];
  return schema;
}

/**
 * An answer as the document gives it: one declared z.null() has no content (@fastify/swagger leaves the
 * content out of a `null` type); a cursor-paged one carries its paging headers, a retry-later one
 * (429, 503) its Retry-After.
 */
function documentedAnswer(declared: unknown, converted: JsonSchema): JsonSchema {
  if (declared instanceof z.ZodNull)
    return { type: 'null', description: converted.description ?? 'No content' };
  if (isCursorPagedAnswer(declared)) return { ...converted, headers: asSwaggerHeaders(PAGING_HEADER_DOCS) };
  if (isRetryLaterAnswer(declared))
    return { ...converted, headers: asSwaggerHeaders(RETRY_AFTER_HEADER_DOCS) };
  return converted;
}

/**
 * The swagger transform: a route's zod schemas as JSON schemas (fastify-type-provider-zod), then what
 * they cannot say by themselves: the body a handler reads itself (`ownBody`, for the document only),
 * answers without content, paging headers, and nullable enums that accept null.
 */
export const documentOperation: SwaggerTransform = (input) => {
  const { ownBody, ...source } = input.schema ?? {};
  const schema = ownBody ? { ...source, body: ownBody } : source;
  const result = jsonSchemaTransform({ ...input, schema } as Parameters<typeof jsonSchemaTransform>[0]);
  const transformed = result.schema as FastifySchema & { response?: Record<string, JsonSchema> };
  if (transformed.hide || !transformed.response) return result;
  const declared = (source.response ?? {}) as Record<string, unknown>;
  const response = Object.fromEntries(
    Object.entries(transformed.response).map(([code, answer]) => [
      code,
      documentedAnswer(declared[code], answer),
    ]),
  );
  return { ...result, schema: nullInNullableEnums({ ...transformed, response }) as FastifySchema };
};

type Operations = Record<
  string,
  { responses?: Record<string, { headers?: Record<string, { schema?: JsonSchema }> }> }
>;

/**
 * The document as served: the headers an answer always carries are required, and the events sent to
 * integrators' endpoints are its `webhooks`.
 */
export const completeDocument: SwaggerTransformObject = (document) => {
  const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
  Object.assign(openapi, { webhooks: webhookDocs() });
  for (const operations of Object.values((openapi.paths ?? {}) as Record<string, Operations>))
    for (const operation of Object.values(operations))
      for (const answer of Object.values(operation.responses ?? {}))
        if (answer.headers) answer.headers = requiredHeaders(answer.headers);
  return openapi;
};
