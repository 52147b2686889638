import { schemaProblems, schemaValidators, type Schema } from './openapi-schemas.ts';

/**
 * Checks an answer against the OpenAPI document, as a third-party conformance checker would: its
 * status is documented (or a range or default the document declares), its content type is one
 * documented, a JSON body validates against the documented schema, an answer documented without
 * content has none, required headers are there; and a request the server accepted carried a body
 * the document describes.
 */

interface Reference {
  $ref?: string;
  description?: string;
}
interface MediaType {
  schema?: Schema;
}
interface Header extends Reference {
  required?: boolean;
  schema?: Schema;
}
interface Answer extends Reference {
  content?: Record<string, MediaType>;
  headers?: Record<string, Header>;
}
interface Operation {
  responses?: Record<string, Answer>;
  requestBody?: Reference & { required?: boolean; content?: Record<string, MediaType> };
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

export interface Exchange {
  method: string;
  /** The operation's path as the document writes it: `/api/Series/{serialNumber}`. */
  path: string;
  request: { contentType?: string; hasBody: boolean };
  response: { status: number; headers: Record<string, unknown>; body: string };
}

export const VIOLATION_KINDS = [
  'operation',
  'status',
  'content-type',
  'body',
  'no-content',
  'header',
  'request-body',
] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

export interface Violation {
  kind: ViolationKind;
  /** `POST /api/Orders` */
  operation: string;
  status: number;
  message: string;
}

type Problem = [ViolationKind, string];

const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) => /^application\/([\w.+-]+\+)?json$/.test(essence(type));
const headerText = (value: unknown) =>
  value === undefined ? undefined : [value].flat().map(String).join(', ');

/** The documented media type an actual one falls under: exact, `image/*` or `*\/*`. */
export function documentedMediaType(documented: readonly string[], actual: string): string | undefined {
  const [type, subtype] = essence(actual).split('/');
  return documented.find((candidate) => {
    const [t, s] = essence(candidate).split('/');
    return (t === '*' || t === type) && (s === '*' || s === subtype);
  });
}

export function conformanceChecker(document: OpenApiDocument): (exchange: Exchange) => Violation[] {
  const validatorOf = schemaValidators(document);
  const resolve = <T extends Reference>(value: T): T => {
    const match = value.$ref?.match(/^#\/components\/(\w+)\/(.+)$/);
    return match ? resolve(document.components?.[match[1]!]?.[match[2]!] as T) : value;
  };

  const answerOf = (operation: Operation, status: number): Answer | undefined => {
    const responses = operation.responses ?? {};
    const answer = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    return answer && resolve(answer);
  };

  const requestProblems = (operation: Operation, { request, response }: Exchange): Problem[] => {
    if (response.status < 200 || response.status >= 300) return [];
    // An operation that documents no body takes none: a body sent to it is not read.
    if (!operation.requestBody) return [];
    const body = resolve(operation.requestBody);
    if (!request.hasBody)
      return body.required ? [['request-body', 'accepted without the body the document requires']] : [];
    const type = request.contentType ?? 'application/octet-stream';
    if (documentedMediaType(Object.keys(body.content ?? {}), type)) return [];
    return [['request-body', `accepted a ${essence(type)} body the document does not describe`]];
  };

  const knownHeaders = new Set(
    Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => Object.values(operation.responses ?? {}))
      .flatMap((answer) => Object.keys(resolve(answer).headers ?? {}))
      .map((name) => name.toLowerCase()),
  );

  /** A header the document declares on some answers, sent on one that does not declare it. */
  const undeclaredHeaders = (answer: Answer, headers: Record<string, unknown>): Problem[] => {
    const declared = new Set(Object.keys(answer.headers ?? {}).map((name) => name.toLowerCase()));
    return [...knownHeaders]
      .filter((name) => !declared.has(name) && headers[name] !== undefined)
      .map((name) => ['header', `${name} is sent, and this answer does not declare it`]);
  };

  const headerProblems = (answer: Answer, headers: Record<string, unknown>): Problem[] =>
    Object.entries(answer.headers ?? {}).flatMap(([name, declared]): Problem[] => {
      const header = resolve(declared);
      const value = headerText(headers[name.toLowerCase()]);
      if (value === undefined)
        return header.required ? [['header', `required header ${name} is missing`]] : [];
      // Header values are text: only text schemas are checked, other types would need the style's parsing.
      if (header.schema?.type !== 'string') return [];
      const validate = validatorOf(header.schema);
      return validate(value) ? [] : [['header', `header ${name}: ${schemaProblems(validate)}`]];
    });

  const contentProblems = (answer: Answer, { response }: Exchange): Problem[] => {
    const content = answer.content ?? {};
    if (Object.keys(content).length === 0)
      return response.body.length > 0 ? [['no-content', 'a body where the document says no content']] : [];
    const type = headerText(response.headers['content-type']);
    if (!type) return [['content-type', 'no content type']];
    const documented = documentedMediaType(Object.keys(content), type);
    if (!documented)
      return [['content-type', `${essence(type)} is not one of ${Object.keys(content).join(', ')}`]];
    const schema = content[documented]!.schema;
    if (!isJson(documented) || !schema) return [];
    let value: unknown;
    try {
      value = JSON.parse(response.body);
    } catch {
      return [['body', `not JSON: ${response.body.slice(0, 60)}`]];
    }
    const validate = validatorOf(schema);
    return validate(value) ? [] : [['body', schemaProblems(validate)]];
  };

  return (exchange) => {
    const where = {
      operation: `${exchange.method.toUpperCase()} ${exchange.path}`,
      status: exchange.response.status,
    };
    const violation = ([kind, message]: Problem): Violation => ({ kind, ...where, message });
    const operation = document.paths[exchange.path]?.[exchange.method.toLowerCase()];
    if (!operation) return [violation(['operation', 'no such operation in the document'])];
    const answer = answerOf(operation, exchange.response.status);
    if (!answer) {
      const documented = Object.keys(operation.responses ?? {}).join(', ');
      return [violation(['status', `not documented (documented: ${documented})`])];
    }
    return [
      ...requestProblems(operation, exchange),
      ...headerProblems(answer, exchange.response.headers),
      ...undeclaredHeaders(answer, exchange.response.headers),
      ...contentProblems(answer, exchange),
    ].map(violation);
  };
}
