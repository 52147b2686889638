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

async function payloadText(body: unknown): Promise<string | null> {
  if (body === undefined) return null;
  if (!(body instanceof FormData)) return JSON.stringify(body);
  const parts: Record<string, string> = {};
  for (const [name, value] of body.entries())
    parts[name] = typeof value === 'string' ? value : await value.text();
  return JSON.stringify(parts);
}

async function readErrorBody(response: Response): Promise<ErrorBody | string | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : text;
  } catch {
    return text;
  }
}

export interface ApiResponse<T> {
  data: T;
  /** For answers that carry more than their body, such as the paging headers of cursor lists. */
  headers: Headers;
}

/** The answer's body and headers; most screens only need the body, through `apiRequest`. */
export async function apiResponse<T>(path: string, options: ApiRequestOptions<T>): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const url = `${API_BASE}${path}`;
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': session.language() });
  const token = session.accessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const fail = async (
    status: number | null,
    statusText: string,
    messageKey: string,
    errorBody: ApiError['body'],
  ) => {
    const error = new ApiError(status, statusText, messageKey, errorBody, {
      url,
      method,
      payload: await payloadText(options.body),
    });
    if (status !== null && status >= 500) session.onServerError(error);
    return error;
  };

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
  const text = await response.text();
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : undefined;
  } catch {
    throw await fail(response.status, response.statusText, 'errors.api.invalid_answer', text);
  }
  const parsed = options.schema.safeParse(value);
  if (!parsed.success) {
    throw await fail(response.status, response.statusText, 'errors.api.invalid_answer', parsed.error.message);
  }
  return { data: parsed.data, headers: response.headers };
}

/** The one call layer: bearer token, Accept-Language, contract-checked answers, typed errors. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  return (await apiResponse(path, options)).data;
}
