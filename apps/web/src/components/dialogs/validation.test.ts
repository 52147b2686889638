import { describe, expect, it, vi } from 'vitest';
import {
  blocksAction,
  softValidationStep,
  validateOnConfirm,
  validationMessage,
  verificationMatches,
} from './validation';

describe('dialog validation rules', () => {
  it('reads a string as a warning and an object as an error', () => {
    expect(validationMessage('Unusually long')).toEqual({ kind: 'warning', text: 'Unusually long' });
    expect(validationMessage({ error: 'Required' })).toEqual({ kind: 'error', text: 'Required' });
    expect(validationMessage(undefined)).toBeNull();
    expect(validationMessage(null)).toBeNull();
    expect(validationMessage('')).toBeNull();
  });

  it('lets a warning through and blocks on an error', () => {
    expect(blocksAction({ kind: 'warning', text: 'w' })).toBe(false);
    expect(blocksAction({ kind: 'error', text: 'e' })).toBe(true);
    expect(blocksAction(null)).toBe(false);
  });

  it('skips the async check when the sync one already failed', async () => {
    const asyncValidate = vi.fn();
    const result = await validateOnConfirm('', () => ({ error: 'Required' }), asyncValidate, 'Invalid');
    expect(result).toEqual({ kind: 'error', text: 'Required' });
    expect(asyncValidate).not.toHaveBeenCalled();
  });

  it('blocks on an invalid async answer, with its error or a default', async () => {
    await expect(
      validateOnConfirm(
        'X1',
        undefined,
        async () => ({ status: 'invalid', error: 'Unknown store code' }),
        'Invalid',
      ),
    ).resolves.toEqual({ kind: 'error', text: 'Unknown store code' });
    await expect(
      validateOnConfirm('X1', undefined, async () => ({ status: 'invalid' }), 'Invalid'),
    ).resolves.toEqual({
      kind: 'error',
      text: 'Invalid',
    });
  });

  it('treats a failing async check as invalid', async () => {
    const result = await validateOnConfirm(
      'X1',
      undefined,
      () => Promise.reject(new Error('Network down')),
      'Invalid',
    );
    expect(result).toEqual({ kind: 'error', text: 'Network down' });
  });

  it('keeps the sync warning when the async check passes', async () => {
    const result = await validateOnConfirm(
      'X1',
      () => 'Looks odd',
      async () => ({ status: 'valid' }),
      'Invalid',
    );
    expect(result).toEqual({ kind: 'warning', text: 'Looks odd' });
    expect(blocksAction(result)).toBe(false);
  });

  it('matches the verification text exactly, spaces around forgiven', () => {
    expect(verificationMatches(' SN-12345 ', 'SN-12345')).toBe(true);
    expect(verificationMatches('sn-12345', 'SN-12345')).toBe(false);
    expect(verificationMatches('', 'SN-12345')).toBe(false);
  });

  it('counts clicks down, then starts the countdown on the last one', () => {
    expect(softValidationStep(0, 3)).toEqual({ stage: 'clicking', clicksLeft: 3 });
    expect(softValidationStep(2, 3)).toEqual({ stage: 'clicking', clicksLeft: 1 });
    expect(softValidationStep(3, 3)).toEqual({ stage: 'counting' });
    expect(softValidationStep(0, 0)).toEqual({ stage: 'clicking', clicksLeft: 1 });
  });
});
