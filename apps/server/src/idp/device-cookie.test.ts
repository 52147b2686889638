import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, MAX_ACCOUNTS, deviceCookies } from './device-cookie.ts';

const cookies = deviceCookies(Buffer.alloc(32, 1), false);

/** The Cookie header a browser sends back after this Set-Cookie. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;
/** The value's entries, each `username.nonce.signature`. */
const entriesOf = (header: string) => header.slice(DEVICE_COOKIE.length + 1).split('~');
/** The text with its first character changed. */
const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);

describe('device cookies', () => {
  it('are HttpOnly, SameSite=Lax, for /idp only, kept a year, and Secure when asked', () => {
    const issued = cookies.issue(undefined, 'administrator');
    expect(issued).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w.~-]+; `));
    expect(issued).toContain('; Path=/idp; Max-Age=31536000; HttpOnly; SameSite=Lax');
    expect(issued).not.toContain('Secure');
    expect(deviceCookies(Buffer.alloc(32, 1), true).issue(undefined, 'administrator')).toMatch(/; Secure$/);
  });

  it("name the account as the throttle does, and answer the nonce of that account's entry", () => {
    const header = sentBack(cookies.issue(undefined, ' Administrator'));
    const nonce = cookies.nonceFor(`other=1; ${header}`, 'administrator');
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(cookies.nonceFor(header, 'ADMINISTRATOR ')).toBe(nonce);
    expect(cookies.nonceFor(header, 'support-user')).toBeNull();
    expect(cookies.nonceFor(undefined, 'administrator')).toBeNull();
  });

  it('give a fresh nonce at each success', () => {
    const first = sentBack(cookies.issue(undefined, 'ann'));
    const second = sentBack(cookies.issue(first, 'ann'));
    expect(cookies.nonceFor(second, 'ann')).not.toBe(cookies.nonceFor(first, 'ann'));
  });

  it('refuse an entry that was altered, forged or signed with another key', () => {
    const header = sentBack(cookies.issue(undefined, 'administrator'));
    const [name, nonce, signature] = entriesOf(header)[0]!.split('.') as [string, string, string];
    const asAnn = Buffer.from('ann').toString('base64url');
    const altered = [
      `${name}.${flip(nonce)}.${signature}`,
      `${name}.${nonce}.${flip(signature)}`,
      `${asAnn}.${nonce}.${signature}`,
      `${name}.${nonce}.${signature}.extra`,
      `${name}.${nonce}`,
      'garbage',
    ];
    for (const entry of altered) {
      expect(cookies.nonceFor(`${DEVICE_COOKIE}=${entry}`, 'administrator'), entry).toBeNull();
      expect(cookies.nonceFor(`${DEVICE_COOKIE}=${entry}`, 'ann'), entry).toBeNull();
    }
    const otherKey = deviceCookies(Buffer.alloc(32, 2), false);
    expect(otherKey.nonceFor(header, 'administrator')).toBeNull();
  });

  it(`hold the ${MAX_ACCOUNTS} most recent accounts of a browser, each valid on its own`, () => {
    let header: string | undefined;
    const names = Array.from({ length: MAX_ACCOUNTS + 2 }, (_, i) => `user-${i}`);
    for (const name of names) header = sentBack(cookies.issue(header, name));
    const known = names.filter((name) => cookies.nonceFor(header, name) !== null);
    expect(known).toEqual(names.slice(2));
    const [newest, ...others] = entriesOf(header!);
    const [name, nonce, signature] = newest!.split('.') as [string, string, string];
    const oneAltered = [`${name}.${flip(nonce)}.${signature}`, ...others].join('~');
    expect(cookies.nonceFor(`${DEVICE_COOKIE}=${oneAltered}`, names.at(-1)!)).toBeNull();
    expect(cookies.nonceFor(`${DEVICE_COOKIE}=${oneAltered}`, names.at(-2)!)).not.toBeNull();
  });

  it('stay under 1.5 kB with the longest usernames', () => {
    let header: string | undefined;
    for (let i = 0; i < MAX_ACCOUNTS + 1; i++) header = sentBack(cookies.issue(header, `${i}`.repeat(128)));
    expect(header!.length).toBeLessThan(1500);
  });
});
