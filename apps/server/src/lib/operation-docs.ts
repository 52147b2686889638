import type { FastifySchema } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

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
 * content out of a `null` type).
 */
function documentedAnswer(declared: unknown, converted: JsonSchema): JsonSchema {
  if (declared instanceof z.ZodNull)
    return { type: 'null', description: converted.description ?? 'No content' };
  return converted;
}

/**
 * The swagger transform: a route's zod schemas as JSON schemas (fastify-type-provider-zod), then what
 * they cannot say by themselves: the body a handler reads itself (`ownBody`, for the document only),
 * answers without content, and nullable enums that accept null.
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
