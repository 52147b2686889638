import { meSchema } from '@fleet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../testing/fetch-stub';
import {
  apiErrorText,
  apiRequest,
  apiResponse,
  ApiError,
  configureApi,
  messageKeyFor,
  STATUSES_WITH_MESSAGE,
} from './api';
import { i18n } from './i18n';

const t = i18n.t.bind(i18n);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => configureApi({ accessToken: () => null, language: () => 'en', onServerError: () => {} }));

describe('call layer', () => {
  it('sends the bearer token and the current language, and parses with the contract', async () => {
    configureApi({ accessToken: () => 'token-1', language: () => 'fr' });
    const me = {
      sub: 'u1',
      name: 'Ada',
      email: null,
      roles: [],
      scopes: [],
      features: [],
      company: null,
      wholeFleet: false,
    };
    const fetchSpy = stubFetch({ 'GET /api/me': { body: me } });
    await expect(apiRequest('/me', { schema: meSchema })).resolves.toEqual(me);
    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Accept-Language')).toBe('fr');
  });

  it('answers the headers too when asked for the whole response', async () => {
    stubFetch({ 'GET /api/list': { body: { data: [] }, headers: { 'x-paging-has-next': 'True' } } });
    const { data, headers } = await apiResponse('/list', { schema: z.object({ data: z.array(z.string()) }) });
    expect(data).toEqual({ data: [] });
    expect(headers.get('x-paging-has-next')).toBe('True');
  });

  it.each(STATUSES_WITH_MESSAGE)('maps status %i to its own translated message', async (status) => {
    stubFetch({ 'GET /api/thing': { status, body: { status, message: 'x'.repeat(60) } } });
    const error = await failure(apiRequest('/thing', { schema: z.unknown() }));
    expect(error.status).toBe(status);
    expect(error.messageKey).toBe(`errors.api.status_${status}`);
    expect(i18n.exists(error.messageKey)).toBe(true);
    expect(apiErrorText(error, t)).toBe(t(`errors.api.status_${status}`));
  });

  it('gives the statuses their distinct messages', () => {
    const texts = STATUSES_WITH_MESSAGE.map((status) => t(messageKeyFor(status)));
    expect(new Set(texts).size).toBe(STATUSES_WITH_MESSAGE.length);
  });

  it.each([402, 418, 422, 502])('maps the unlisted status %i to the default message', async (status) => {
    stubFetch({ 'GET /api/thing': { status, body: { status, message: 'x'.repeat(60) } } });
    const error = await failure(apiRequest('/thing', { schema: z.unknown() }));
    expect(error.messageKey).toBe('errors.api.default');
    expect(apiErrorText(error, t)).toBe(t('errors.api.default'));
  });

  it('appends a service message of at most 50 characters in parentheses', async () => {
    const fifty = 'y'.repeat(50);
    stubFetch({ 'GET /api/short': { status: 409, body: { status: 409, message: fifty } } });
    const error = await failure(apiRequest('/short', { schema: z.unknown() }));
    expect(apiErrorText(error, t)).toBe(`${t('errors.api.status_409')} (${fifty})`);
  });

  it('does not append a longer one', async () => {
    stubFetch({ 'GET /api/long': { status: 409, body: { status: 409, message: 'y'.repeat(51) } } });
    const error = await failure(apiRequest('/long', { schema: z.unknown() }));
    expect(apiErrorText(error, t)).toBe(t('errors.api.status_409'));
  });

  it('appends a short plain-text body as well', async () => {
    stubFetch({ 'GET /api/text': { status: 400, body: 'Serial number is malformed' } });
    const error = await failure(apiRequest('/text', { schema: z.unknown() }));
    expect(apiErrorText(error, t)).toBe(`${t('errors.api.status_400')} (Serial number is malformed)`);
  });

  it('has its own message for a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(apiRequest('/me', { schema: meSchema }));
    expect(error.status).toBeNull();
    expect(error.messageKey).toBe('errors.api.network');
    expect(apiErrorText(error, t)).toBe(t('errors.api.network'));
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch({ 'GET /api/me': { body: { sub: 42 } } });
    const error = await failure(apiRequest('/me', { schema: meSchema }));
    expect(error.messageKey).toBe('errors.api.invalid_answer');
  });

  it('reports server errors only, and keeps the request for the error record', async () => {
    const onServerError = vi.fn();
    configureApi({ onServerError });
    stubFetch({
      'POST /api/boom': { status: 500, body: { status: 500, message: 'Database down' } },
      'POST /api/bad': { status: 400, body: { status: 400, message: 'Bad' } },
    });
    const error = await failure(apiRequest('/boom', { method: 'POST', body: { a: 1 }, schema: z.unknown() }));
    await failure(apiRequest('/bad', { method: 'POST', body: { a: 1 }, schema: z.unknown() }));
    expect(onServerError).toHaveBeenCalledTimes(1);
    expect(onServerError).toHaveBeenCalledWith(error);
    expect(error.request).toEqual({ url: '/api/boom', method: 'POST', payload: '{"a":1}' });
    expect(error.serviceMessage).toBe('Database down');
  });

  it('sends FormData as multipart and records its file as the payload', async () => {
    const fetchSpy = stubFetch({ 'PATCH /api/upload': { status: 503, body: '' } });
    const form = new FormData();
    form.append('ConfigurationFile', new Blob(['{"x":1}'], { type: 'application/json' }), 'c.json');
    const error = await failure(apiRequest('/upload', { method: 'PATCH', body: form, schema: z.unknown() }));
    expect(fetchSpy.mock.calls[0]?.[1]?.body).toBe(form);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).has('Content-Type')).toBe(false);
    expect(error.request.payload).toBe(JSON.stringify({ ConfigurationFile: '{"x":1}' }));
    expect(error.messageKey).toBe('errors.api.status_503');
  });
});
