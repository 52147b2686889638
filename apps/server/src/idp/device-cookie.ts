import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AccountThrottle } from './account-throttle.ts';

/** The cookie by which a browser shows which accounts it signed in to before. */
export const DEVICE_COOKIE = 'fleet_device';
/** Accounts one browser is remembered for; the least recent is dropped beyond this. */
export const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 3600;
/** 16 random bytes in base64url, as issued. */
const NONCE = /^[\w-]{22}$/;

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a successful sign-in
 * gives the browser an entry naming the account and a random nonce, signed with a key every node shares.
 * One cookie holds the entries of up to MAX_ACCOUNTS accounts, each `username.nonce.signature`
 * (base64url), joined by `~`: about 250 bytes an entry at most.
 */
export function deviceCookies(secret: Buffer, secure: boolean) {
  const sign = (account: string, nonce: string) =>
    createHmac('sha256', secret).update(`${account}\n${nonce}`).digest('base64url');

  const entries = (cookieHeader: string | undefined) =>
    (readCookie(cookieHeader, DEVICE_COOKIE) ?? '')
      .split('~')
      .slice(0, MAX_ACCOUNTS)
      .map((entry) => checked(entry, sign))
      .filter((entry) => entry !== null);

  return {
    /** The nonce of this browser's valid entry for the username; null: a browser unknown to the account. */
    nonceFor(cookieHeader: string | undefined, username: string): string | null {
      const account = AccountThrottle.key(username);
      return entries(cookieHeader).find((entry) => entry.account === account)?.nonce ?? null;
    },

    /** The Set-Cookie value after a success: a fresh entry for the account first, the others kept. */
    issue(cookieHeader: string | undefined, username: string): string {
      const account = AccountThrottle.key(username);
      const nonce = randomBytes(16).toString('base64url');
      const others = entries(cookieHeader).filter((entry) => entry.account !== account);
      const value = [{ account, nonce }, ...others]
        .slice(0, MAX_ACCOUNTS)
        .map((entry) => `${encode(entry.account)}.${entry.nonce}.${sign(entry.account, entry.nonce)}`)
        .join('~');
      const attributes = `Path=/idp; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`;
      return `${DEVICE_COOKIE}=${value}; ${attributes}${secure ? '; Secure' : ''}`;
    },
  };
}

/** An entry whose signature matches, else null. */
function checked(entry: string, sign: (account: string, nonce: string) => string) {
  const [name, nonce, signature, ...rest] = entry.split('.');
  if (!name || !nonce || !NONCE.test(nonce) || !signature || rest.length > 0) return null;
  const account = Buffer.from(name, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(account, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { account, nonce };
}

const encode = (account: string) => Buffer.from(account, 'utf8').toString('base64url');

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}
