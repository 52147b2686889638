import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { dialogErrorText } from './dialog-error';

const request = { url: '/api/x', method: 'POST', payload: null };

describe('dialog error text', () => {
  it("prefers the server's own text", () => {
    const error = new ApiError(
      400,
      'Bad Request',
      'errors.api.status_400',
      {
        status: 400,
        message: 'UtcActivationDateTime: must not be after today',
      },
      request,
    );
    expect(dialogErrorText(error)).toBe('UtcActivationDateTime: must not be after today');
    expect(dialogErrorText(new ApiError(409, '', 'errors.api.status_409', 'Busy', request))).toBe('Busy');
  });

  it('else joins the field problems with "; "', () => {
    const error = new ApiError(
      400,
      '',
      'errors.api.status_400',
      {
        status: 400,
        message: '',
        details: [
          { field: 'name', message: 'is required' },
          { field: 'version', message: 'is too long' },
        ],
      },
      request,
    );
    expect(dialogErrorText(error)).toBe('name: is required; version: is too long');
  });

  it('else gives the message for the status', () => {
    expect(dialogErrorText(new ApiError(null, '', 'errors.api.network', null, request))).toBe(
      'The server could not be reached. Check your connection.',
    );
    expect(dialogErrorText(new Error('boom'))).toBe('An unexpected error occurred.');
  });
});
