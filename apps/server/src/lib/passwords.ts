import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

/** `scrypt$<salt>$<hash>`, both base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, salt, hash] = stored?.split('$') ?? [];
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Length bounds of a new password, in characters (OWASP ASVS 4, 2.1.1 and 2.1.2): no other composition rule. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too-short' | 'too-long' | 'has-username' | 'unchanged';

/**
 * What makes a new password unacceptable, or null. Length counts characters as a person does (an emoji
 * is one), so that the page's bounds and the rule agree; the current password is compared by its hash.
 */
export async function newPasswordProblem(
  password: string,
  { username, currentHash }: { username: string | null; currentHash: string | null },
): Promise<PasswordProblem | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (length > PASSWORD_MAX_LENGTH) return 'too-long';
  const name = username?.trim().toLowerCase();
  // A name of one or two letters is in too many good passwords to forbid.
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) return 'has-username';
  if (await verifyPassword(password, currentHash)) return 'unchanged';
  return null;
}
