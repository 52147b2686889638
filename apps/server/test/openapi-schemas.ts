import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** Validators of an OpenAPI document's schemas: 3.0 (`nullable`) or 3.1 (JSON Schema 2020-12). */

export type Schema = Record<string, unknown>;

const COMPONENTS_ID = 'openapi-components';

/** `#/components/schemas/X` of the document, as a reference into the schema that holds its components. */
function withComponentRefs(value: unknown, definitions: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withComponentRefs(item, definitions));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/')
        ? [key, `${COMPONENTS_ID}#/${definitions}/${item.slice('#/components/schemas/'.length)}`]
        : [key, withComponentRefs(item, definitions)],
    ),
  );
}

function ajvFor(version: string): Ajv | Ajv2020 {
  // Strict: a keyword or format the checker does not know fails the check instead of passing unseen.
  const options: Options = { strict: true, allErrors: false, discriminator: true };
  const ajv = version.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
  addFormats.default(ajv);
  for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password'])
    ajv.addFormat(format, true);
  ajv.addVocabulary(['example', 'xml', 'externalDocs']);
  return ajv;
}

/** Compiles each schema of the document once, its component references resolved. */
export function schemaValidators(document: {
  openapi: string;
  components?: { schemas?: Record<string, unknown> };
}): (schema: Schema) => ValidateFunction {
  const ajv = ajvFor(document.openapi);
  const definitions = document.openapi.startsWith('3.1') ? '$defs' : 'definitions';
  ajv.addSchema({
    $id: COMPONENTS_ID,
    [definitions]: withComponentRefs(document.components?.schemas ?? {}, definitions),
  });
  // By content as well: the document repeats the same schema (the error body) under every operation.
  const byText = new Map<string, ValidateFunction>();
  const compiled = new WeakMap<Schema, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      const text = JSON.stringify(schema);
      validate = byText.get(text) ?? ajv.compile(withComponentRefs(schema, definitions) as Schema);
      byText.set(text, validate);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

/** What a validator found, in a line. */
export function schemaProblems(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`)
    .join('; ');
}
