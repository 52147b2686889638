import { describe, expect, it } from 'vitest';
import {
  conformanceChecker,
  documentedMediaType,
  type Exchange,
  type OpenApiDocument,
} from './openapi-conformance.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };

function documentOf(openapi = '3.0.3', name: Record<string, unknown> = { type: 'string', nullable: true }) {
  return {
    openapi,
    paths: {
      '/things/{id}': {
        get: {
          responses: {
            200: {
              description: 'A thing',
              headers: {
                'x-paging-has-next': { required: true, schema: { type: 'string', enum: ['True', 'False'] } },
              },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            404: { $ref: '#/components/responses/Error' },
          },
        },
        delete: {
          responses: { 204: { description: 'Deleted' }, '4XX': { $ref: '#/components/responses/Error' } },
        },
      },
      '/things/{id}/file': {
        post: {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
              },
            },
          },
          responses: {
            201: {
              description: 'Stored',
              content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
            },
            default: { $ref: '#/components/responses/Error' },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'name'],
          additionalProperties: false,
          properties: { id: { type: 'integer', minimum: 1 }, name },
        },
        Error: {
          type: 'object',
          required: ['status', 'message'],
          properties: { status: { type: 'integer' }, message: { type: 'string' } },
        },
      },
      responses: {
        Error: {
          description: 'An error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  } satisfies OpenApiDocument;
}

function exchange(
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = json,
  request: Exchange['request'] = { hasBody: false },
): Exchange {
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  return { method, path, request, response: { status, headers, body: text } };
}

const paged = { ...json, 'x-paging-has-next': 'False' };
const kinds = (found: { kind: string }[]) => found.map((violation) => violation.kind);

describe('the OpenAPI conformance checker', () => {
  const check = conformanceChecker(documentOf());

  it('passes answers that match the document, its references resolved', () => {
    expect(check(exchange('GET', '/things/{id}', 200, { id: 1, name: null }, paged))).toEqual([]);
    expect(check(exchange('GET', '/things/{id}', 404, { status: 404, message: 'Not found' }))).toEqual([]);
    expect(check(exchange('DELETE', '/things/{id}', 204, undefined, {}))).toEqual([]);
  });

  it('catches a body that does not match its schema (a planted mismatch)', () => {
    const found = check(exchange('GET', '/things/{id}', 200, { id: 1, name: 5 }, paged));
    expect(found).toEqual([
      { kind: 'body', operation: 'GET /things/{id}', status: 200, message: '/name must be string' },
    ]);
    expect(kinds(check(exchange('GET', '/things/{id}', 200, { id: 1, name: 'a', extra: 1 }, paged)))).toEqual(
      ['body'],
    );
    expect(kinds(check(exchange('GET', '/things/{id}', 404, '<html>', json)))).toEqual(['body']);
  });

  it('catches an undocumented status, and takes a declared range or default', () => {
    const found = check(exchange('GET', '/things/{id}', 409, { status: 409, message: 'Conflict' }));
    expect(found.map((v) => [v.kind, v.message])).toEqual([
      ['status', 'not documented (documented: 200, 404)'],
    ]);
    expect(check(exchange('DELETE', '/things/{id}', 418, { status: 418, message: 'Teapot' }))).toEqual([]);
    expect(kinds(check(exchange('DELETE', '/things/{id}', 500, { status: 500, message: 'x' })))).toEqual([
      'status',
    ]);
    expect(check(exchange('POST', '/things/{id}/file', 500, { status: 500, message: 'x' }))).toEqual([]);
  });

  it('catches a content type that is not documented, and takes a documented range', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    expect(kinds(check(exchange('GET', '/things/{id}', 404, '<p>Not found</p>', html)))).toEqual([
      'content-type',
    ]);
    expect(kinds(check(exchange('GET', '/things/{id}', 404, '{}', {})))).toEqual(['content-type']);
    const png = { 'content-type': 'image/png' };
    const upload = { hasBody: true, contentType: 'multipart/form-data; boundary=x' };
    expect(check(exchange('POST', '/things/{id}/file', 201, 'PNG', png, upload))).toEqual([]);
  });

  it('catches a body on an answer documented without content', () => {
    expect(kinds(check(exchange('DELETE', '/things/{id}', 204, 'null')))).toEqual(['no-content']);
  });

  it('catches a missing required header, and a header value its schema refuses', () => {
    expect(kinds(check(exchange('GET', '/things/{id}', 200, { id: 1, name: 'a' })))).toEqual(['header']);
    const wrong = { ...json, 'x-paging-has-next': 'yes' };
    expect(kinds(check(exchange('GET', '/things/{id}', 200, { id: 1, name: 'a' }, wrong)))).toEqual([
      'header',
    ]);
  });

  it('catches a header the document declares elsewhere, sent on an answer that does not declare it', () => {
    const sent = { ...json, 'x-paging-has-next': 'True' };
    expect(kinds(check(exchange('GET', '/things/{id}', 404, { status: 404, message: 'x' }, sent)))).toEqual([
      'header',
    ]);
    // Headers the document never declares (a request id, say) are the server's own business.
    const own = { ...json, 'x-request-id': 'a' };
    expect(check(exchange('GET', '/things/{id}', 404, { status: 404, message: 'x' }, own))).toEqual([]);
  });

  it('catches an accepted request body the document does not describe, or lacks', () => {
    const png = { 'content-type': 'image/png' };
    const asJson = { hasBody: true, contentType: 'application/json' };
    expect(kinds(check(exchange('POST', '/things/{id}/file', 201, 'PNG', png, asJson)))).toEqual([
      'request-body',
    ]);
    expect(kinds(check(exchange('POST', '/things/{id}/file', 201, 'PNG', png)))).toEqual(['request-body']);
    // An operation without a body does not read one: ignoring it is no violation.
    expect(check(exchange('GET', '/things/{id}', 200, { id: 1, name: 'a' }, paged, asJson))).toEqual([]);
    // A refused request says nothing about what the document accepts.
    expect(
      check(exchange('POST', '/things/{id}/file', 400, { status: 400, message: 'x' }, json, asJson)),
    ).toEqual([]);
  });

  it('catches an operation the document does not have', () => {
    expect(kinds(check(exchange('PUT', '/things/{id}', 200, {})))).toEqual(['operation']);
  });

  it('reads OpenAPI 3.0 nullable and 3.1 type lists as their versions mean them', () => {
    const strict30 = conformanceChecker(documentOf('3.0.3', { type: 'string' }));
    expect(kinds(strict30(exchange('GET', '/things/{id}', 200, { id: 1, name: null }, paged)))).toEqual([
      'body',
    ]);
    const check31 = conformanceChecker(documentOf('3.1.0', { type: ['string', 'null'] }));
    expect(check31(exchange('GET', '/things/{id}', 200, { id: 1, name: null }, paged))).toEqual([]);
    expect(kinds(check31(exchange('GET', '/things/{id}', 200, { id: 1, name: 2 }, paged)))).toEqual(['body']);
  });

  it('refuses a schema keyword it does not know rather than pass what it cannot check', () => {
    const unknown = conformanceChecker(documentOf('3.0.3', { type: 'string', mustBeUpperCase: true }));
    expect(() => unknown(exchange('GET', '/things/{id}', 200, { id: 1, name: 'a' }, paged))).toThrow(
      /mustBeUpperCase/,
    );
  });
});

describe('media types', () => {
  it('match by type and subtype, parameters aside, with ranges', () => {
    expect(documentedMediaType(['text/csv; charset=utf-8'], 'text/csv')).toBe('text/csv; charset=utf-8');
    expect(documentedMediaType(['image/*'], 'image/jpeg')).toBe('image/*');
    expect(documentedMediaType(['*/*'], 'application/pdf')).toBe('*/*');
    expect(documentedMediaType(['image/png'], 'image/jpeg')).toBeUndefined();
  });
});
