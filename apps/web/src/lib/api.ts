import { ERROR_BODY_APPEND_LIMIT, errorBodySchema, type ErrorBody } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';

export const API_BASE = '/api';

/** The schema of an empty answer (204), read as null. */
export const noContent = z.undefined().transform(() => null);

/** Spec §8: these statuses have their own message; every other one gets the default. */
export const STATUSES_WITH_MESSAGE = [400, 401, 403, 404, 409, 500, 503] as const;

export interface ApiRequestRecord {
  url: string;
  method: string;
  /** The request body as text, when there was one. */
  payload: string | null;
}

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    /** Null when the server could not be reached. */
    readonly status: number | null,
    readonly statusText: string,
    /** Translation key of the message to show. */
    readonly messageKey: string,
    /** The error answer: parsed when it follows the contract, else its text. */
    readonly body: ErrorBody | string | null,
    readonly request: ApiRequestRecord,
  ) {
    super(`${request.method} ${request.url} failed: ${status ?? 'network error'}`);
  }

  /** What the service said, if anything. */
  get serviceMessage(): string | null {
    if (this.body === null) return null;
    return typeof this.body === 'string' ? this.body || null : this.body.message;
  }
}

export function messageKeyFor(status: number | null): string {
  if (status === null) return 'errors.api.network';
  return (STATUSES_WITH_MESSAGE as readonly number[]).includes(status)
    ? `errors.api.status_${status}`
    : 'errors.api.default';
}

/** The translated message, with a short service message appended in parentheses. */
export function apiErrorText(error: ApiError, t: TFunction): string {
  const text = t(error.messageKey);
  const service = error.serviceMessage;
  return service && service.length <= ERROR_BODY_APPEND_LIMIT ? `${text} (${service})` : text;
}

interface ApiSession {
  accessToken: () => string | null;
  language: () => string;
  /** Called with every 5xx answer, for error reporting. */
  onServerError: (error: ApiError) => void;
}

let session: ApiSession = { accessToken: () => null, language: () => 'en', onServerError: () => {} };

/** The access token in force, for connections outside HTTP calls (the live hub). */
export function currentAccessToken(): string | null {
  return session.accessToken();
}

/** The app wires the token, the language and error reporting in once. */
export function configureApi(next: Partial<ApiSession>): void {
  session = { ...session, ...next };
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  schema: z.ZodType<T>;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Headers a call needs beside the usual ones (the jobs calls' `version`). */
  headers?: Record<string, string>;
}

/** A file part larger than this is named in error details, not read into them. */
const FILE_TEXT_LIMIT = 64 * 1024;

async function payloadText(body: unknown): Promise<string | null> {
  if (body === undefined) return null;
  if (!(body instanceof FormData)) return JSON.stringify(body);
  const parts: Record<string, string> = {};
  for (const [name, value] of body.entries())
    parts[name] =
      typeof value === 'string'
        ? value
        : value.size <= FILE_TEXT_LIMIT
          ? await value.text()
          : `(file ${value.name}, ${value.size} bytes)`;
  return JSON.stringify(parts);
}

/** An error answer: parsed when it follows the contract, else its text. */
function errorBodyOf(text: string): ErrorBody | string | null {
  if (!text) return null;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : text;
  } catch {
    return text;
  }
}

async function readErrorBody(response: Response): Promise<ErrorBody | string | null> {
  return errorBodyOf(await response.text().catch(() => ''));
}

export interface ApiResponse<T> {
  data: T;
  /** For answers that carry more than their body, such as the paging headers of cursor lists. */
  headers: Headers;
}

function requestHeaders(extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': session.language() });
  const token = session.accessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

type Fail = (
  status: number | null,
  statusText: string,
  messageKey: string,
  errorBody: ApiError['body'],
) => Promise<ApiError>;

/** How a failed call becomes an ApiError (reported when the server failed), for every way of calling. */
function failureOf(url: string, method: string, body: unknown): Fail {
  return async (status, statusText, messageKey, errorBody) => {
    const error = new ApiError(status, statusText, messageKey, errorBody, {
      url,
      method,
      payload: await payloadText(body),
    });
    if (status !== null && status >= 500) session.onServerError(error);
    return error;
  };
}

/** An answer's text read with the call's schema; an answer that is not JSON or not of the schema fails. */
async function parseAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
  invalid: (details: string) => Promise<ApiError>,
): Promise<T> {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : undefined;
  } catch {
    throw await invalid(text);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw await invalid(parsed.error.message);
  return parsed.data;
}

/** The answer's body and headers; most screens only need the body, through `apiRequest`. */
export async function apiResponse<T>(path: string, options: ApiRequestOptions<T>): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const url = `${API_BASE}${path}`;
  const headers = requestHeaders(options.headers);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const fail = failureOf(url, method, options.body);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw await fail(null, '', messageKeyFor(null), null);
  }
  if (!response.ok) {
    throw await fail(
      response.status,
      response.statusText,
      messageKeyFor(response.status),
      await readErrorBody(response),
    );
  }
  const data = await parseAnswer(await response.text(), options.schema, (details) =>
    fail(response.status, response.statusText, 'errors.api.invalid_answer', details),
  );
  return { data, headers: response.headers };
}

/** The one call layer: bearer token, Accept-Language, contract-checked answers, typed errors. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  return (await apiResponse(path, options)).data;
}

export interface ApiUploadOptions<T> {
  method?: 'POST' | 'PUT';
  schema: z.ZodType<T>;
  body: FormData;
  signal?: AbortSignal;
  /** Bytes sent of the request's total, as the browser sends them. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * A multipart upload whose progress the screen shows: the same call as `apiRequest` (token, language,
 * contract-checked answer, typed errors), through XMLHttpRequest, whose upload events fetch lacks.
 */
export function apiUpload<T>(path: string, options: ApiUploadOptions<T>): Promise<T> {
  const method = options.method ?? 'POST';
  const url = `${API_BASE}${path}`;
  const fail = failureOf(url, method, options.body);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    requestHeaders().forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    const abort = () => request.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    request.onabort = () => reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    request.onerror = () => void fail(null, '', messageKeyFor(null), null).then(reject);
    request.onload = () => {
      options.signal?.removeEventListener('abort', abort);
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        const body = errorBodyOf(text);
        void fail(request.status, request.statusText, messageKeyFor(request.status), body).then(reject);
        return;
      }
      parseAnswer(text, options.schema, (details) =>
        fail(request.status, request.statusText, 'errors.api.invalid_answer', details),
      ).then(resolve, reject);
    };
    request.send(options.body);
  });
}
