import type { FieldIssue } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { dialogErrorText } from './dialog-error';

const request = { url: '/api/x', method: 'POST', payload: null };

/** A 400 as the server answers a refused body: its message and the problem of each field. */
const refused = (message: string, details: FieldIssue[]) =>
  new ApiError(400, '', 'errors.api.status_400', { status: 400, message, details }, request);

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

  it('joins the field problems with "; ", each rule in the user\'s words, never a field path', () => {
    const error = refused(
      'Invalid body.name, body.version: Too small: expected string to have >=1 characters',
      [
        { field: 'body.name', message: 'Too small', rule: { kind: 'required' } },
        { field: 'body.version', message: 'Too big', rule: { kind: 'too_long', limit: 32 } },
        { field: 'body.companyId', message: 'is not a known company' },
      ],
    );
    expect(dialogErrorText(error)).toBe('Not saved: Required; At most 32 characters; is not a known company');
  });

  it("says a refused file's problem in the user's words, naming the column", () => {
    const error = refused('Invalid body.file: has no name column', [
      { field: 'body.file', message: 'has no name column', rule: { kind: 'column_missing', name: 'name' } },
    ]);
    expect(dialogErrorText(error)).toBe('Not saved: The column name is missing');
  });

  it("writes the day a rule names in the user's date format", () => {
    const error = refused('Invalid body.answeredOn: must not be before the delivery (2026-11-03)', [
      {
        field: 'body.answeredOn',
        message: 'must not be before the delivery (2026-11-03)',
        rule: { kind: 'too_early', date: '2026-11-02' },
      },
    ]);
    expect(dialogErrorText(error)).toBe('Not saved: Must not be before 11/02/2026');
  });

  it('else gives the message for the status', () => {
    expect(dialogErrorText(new ApiError(null, '', 'errors.api.network', null, request))).toBe(
      'The server could not be reached. Check your connection.',
    );
    expect(dialogErrorText(new Error('boom'))).toBe('An unexpected error occurred.');
  });
});
