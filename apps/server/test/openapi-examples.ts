/** Request bodies the server accepts, made from its own OpenAPI document (for the fuzz and rights tests). */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** The simplest value a JSON schema accepts (its required parts only). */
export function exampleOf(schema: JsonSchema): unknown {
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return exampleOf(choice.find((option) => option.type !== 'null') ?? choice[0]!);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => exampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: unknown }> } }>
  >;
};

/** A valid JSON body for each operation that takes one, keyed `METHOD /path/{param}`. */
export function exampleBodies(document: OpenApiDocument): Map<string, unknown> {
  const bodies = new Map<string, unknown>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const json = operation.requestBody?.content?.['application/json'];
      // The operation's own example where it gives one (a body whose rules a schema cannot say).
      if (json?.example !== undefined) bodies.set(`${method.toUpperCase()} ${path}`, json.example);
      else if (json?.schema) bodies.set(`${method.toUpperCase()} ${path}`, exampleOf(json.schema));
    }
  }
  return bodies;
}

/** The OpenAPI spelling of a route-table path: `/a/:b` is `/a/{b}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, '{$1}');
}
