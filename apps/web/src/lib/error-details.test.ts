import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { toBase64 } from './base64';
import { errorDetailRecord } from './error-details';

const input = {
  action: 'settings.save',
  message: 'The server met an error.',
  user: 'Ada Lovelace',
  location: '/user-space/configuration-settings',
  date: new Date('2025-08-01T10:00:00Z'),
};

describe('error detail record', () => {
  it('follows spec §3 with the payload base64-encoded and the service message cut to 50', () => {
    const long = `Database timeout: ${'x'.repeat(80)}`;
    const error = new ApiError(
      500,
      'Internal Server Error',
      'errors.api.status_500',
      { status: 500, message: long },
      {
        url: '/api/Configurations/Users/',
        method: 'PATCH',
        payload: '{"ConfigurationFile":"{}"}',
      },
    );
    const record = errorDetailRecord(error, input);
    expect(record.context).toEqual({
      action: 'settings.save',
      date: '2025-08-01T10:00:00.000Z',
      user: 'Ada Lovelace',
      location: '/user-space/configuration-settings',
      status: 500,
      statusText: 'Internal Server Error',
    });
    expect(record.res.message).toBe('The server met an error.');
    expect(record.res.serviceMessage).toBe(long.slice(0, 50));
    expect(record.res.fullMessage).toBe(toBase64(JSON.stringify({ status: 500, message: long })));
    expect(record.req).toEqual({
      url: '/api/Configurations/Users/',
      type: 'PATCH',
      payload: toBase64('{"ConfigurationFile":"{}"}'),
    });
  });

  it('keeps a short full message readable', () => {
    const error = new ApiError(404, 'Not Found', 'errors.api.status_404', 'Unknown user', {
      url: '/api/me',
      method: 'GET',
      payload: null,
    });
    const record = errorDetailRecord(error, input);
    expect(record.res).toEqual({
      message: input.message,
      serviceMessage: 'Unknown user',
      fullMessage: 'Unknown user',
    });
    expect(record.req.payload).toBeNull();
  });

  it('describes errors that did not come from the API', () => {
    const record = errorDetailRecord(new Error('boom'), input);
    expect(record.context.status).toBeNull();
    expect(record.req).toEqual({ url: null, type: null, payload: null });
  });

  it('encodes text beyond Latin-1', () => {
    expect(atob(toBase64('é'))).toBe('\u00c3\u00a9');
    expect(() => toBase64('设置')).not.toThrow();
  });
});
