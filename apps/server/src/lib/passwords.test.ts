import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  hashPassword,
  newPasswordProblem,
  verifyPassword,
} from './passwords.ts';

describe('a new password', () => {
  const account = async (current = 'the current one') => ({
    username: 'Marie.Curie',
    currentHash: await hashPassword(current),
  });

  it('has between 12 and 128 characters, an emoji counting as one', async () => {
    const who = await account();
    expect(await newPasswordProblem('x'.repeat(PASSWORD_MIN_LENGTH - 1), who)).toBe('too-short');
    expect(await newPasswordProblem('🔑'.repeat(PASSWORD_MIN_LENGTH - 1), who)).toBe('too-short');
    expect(await newPasswordProblem('🔑'.repeat(PASSWORD_MIN_LENGTH), who)).toBeNull();
    expect(await newPasswordProblem('x'.repeat(PASSWORD_MAX_LENGTH), who)).toBeNull();
    expect(await newPasswordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1), who)).toBe('too-long');
  });

  it('does not hold the username, whatever its case, nor repeat the current password', async () => {
    const who = await account('an old long password');
    expect(await newPasswordProblem('hello marie.curie 2025', who)).toBe('has-username');
    expect(await newPasswordProblem('an old long password', who)).toBe('unchanged');
    expect(await newPasswordProblem('a brand new password', who)).toBeNull();
    // A one- or two-letter name is in too many good passwords to forbid.
    expect(
      await newPasswordProblem('a brand new password', { username: 'an', currentHash: null }),
    ).toBeNull();
  });

  it('is kept as a salted scrypt hash that only the password matches', async () => {
    const hash = await hashPassword('a brand new password');
    expect(hash).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toBe(await hashPassword('a brand new password'));
    expect(await verifyPassword('a brand new password', hash)).toBe(true);
    expect(await verifyPassword('a brand new passworD', hash)).toBe(false);
  });
});
