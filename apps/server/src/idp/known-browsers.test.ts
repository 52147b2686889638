import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import {
  openSignInPage,
  signInThroughIdp,
  signOutThroughIdp,
  type CookieJar,
} from '@fleet/device-kit/sign-in';
import { FREE_FAILURES, MAX_WAIT_MS } from './account-throttle.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

const HOUR = 60 * 60_000;
/** The time the server's sign-in throttle reads: the tests move it on instead of waiting. */
let now = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, undefined, { signInClock: () => now });
});
afterAll(async () => server?.close());

/** Signs in through the real sign-in page from the browser whose cookies are `browser`. */
const signIn = (browser: CookieJar, username: string, password = 'demo') =>
  signInThroughIdp(server.baseUrl, username, password, '/console', {}, server.baseUrl, browser);

/** A browser that signed in to the account once and signed out again: it keeps the device cookie. */
async function browserThatSignedIn(username: string): Promise<CookieJar> {
  const browser: CookieJar = new Map();
  const result = await signIn(browser, username);
  if (!result.ok) throw new Error(`${username} could not sign in (${result.status})`);
  await signOutThroughIdp(server.baseUrl, result.tokens.id_token, browser);
  expect(browser.has(DEVICE_COOKIE)).toBe(true);
  return browser;
}

/**
 * An attacker without a device cookie guessing wrong passwords for `ms` of the server's time, each as
 * soon as the server will look at it (Retry-After). Answers when the guesses looked at were made, from
 * the start; when it stops, the account's unknown browsers are waiting.
 */
async function guessFor(username: string, ms: number): Promise<number[]> {
  const page = await openSignInPage(server.baseUrl);
  const start = now;
  const lookedAt: number[] = [];
  for (;;) {
    const response = await page.go(page.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: randomBytes(6).toString('hex') }),
    });
    await response.text();
    if (response.status === 401) lookedAt.push(now - start);
    else {
      expect(response.status).toBe(429);
      const wait = Number(response.headers.get('retry-after')) * 1000;
      if (now + wait >= start + ms) return lookedAt;
      now += wait;
    }
  }
}

/** The rule's bound: the free failures, then waits of 1 s, 2 s, 4 s … up to the ceiling, until `ms`. */
function mostGuessesWithin(ms: number): number {
  let guesses = FREE_FAILURES;
  for (let at = 0, wait = 1000; ; wait = Math.min(MAX_WAIT_MS, wait * 2)) {
    at += wait;
    if (at >= ms) return guesses;
    guesses++;
  }
}

describe('a password-guessing attack on the administrator', () => {
  let administratorsBrowser: CookieJar;
  beforeAll(async () => {
    administratorsBrowser = await browserThatSignedIn('administrator');
  });

  it('has 22 guesses looked at in its first hour and 12 in the next', async () => {
    const lookedAt = await guessFor('administrator', 2 * HOUR);
    const inHour = (hour: number) =>
      lookedAt.filter((at) => at >= hour * HOUR && at < (hour + 1) * HOUR).length;
    expect(mostGuessesWithin(HOUR)).toBe(22);
    expect(inHour(0)).toBe(mostGuessesWithin(HOUR));
    expect(inHour(1)).toBe(HOUR / MAX_WAIT_MS);
  });

  it('does not keep the administrator out of the browser they signed in from before', async () => {
    await guessFor('administrator', 10 * 60_000);
    expect(await signIn(new Map(), 'administrator')).toMatchObject({
      status: 429,
      page: expect.stringContaining('Too many failed sign-ins for this account'),
    });
    expect((await signIn(administratorsBrowser, 'administrator')).ok).toBe(true);
    // The user's success gives the attacker no fresh guesses.
    expect((await signIn(new Map(), 'administrator')).status).toBe(429);
  });
});

describe('a device cookie', () => {
  const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);

  it('counts only when it is genuine and issued for the account being signed in to', async () => {
    const ownBrowser = await browserThatSignedIn('factory-manager');
    const othersBrowser = await browserThatSignedIn('support-user');
    await guessFor('factory-manager', 60_000);
    const [name, nonce, signature] = ownBrowser.get(DEVICE_COOKIE)!.split('.') as [string, string, string];
    const notValid = [
      `${name}.${flip(nonce)}.${signature}`,
      `${name}.${nonce}.${flip(signature)}`,
      `${name}.${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      othersBrowser.get(DEVICE_COOKIE)!,
    ];
    for (const value of notValid) {
      const result = await signIn(new Map([[DEVICE_COOKIE, value]]), 'factory-manager');
      expect(result.status, value).toBe(429);
    }
    expect((await signIn(ownBrowser, 'factory-manager')).ok).toBe(true);
  });

  it("slows its browser down for that browser's own failures, and no other browser", async () => {
    const laptop = await browserThatSignedIn('support-manager');
    const phone = await browserThatSignedIn('support-manager');
    for (let i = 0; i < FREE_FAILURES; i++)
      expect((await signIn(laptop, 'support-manager', 'wrong')).status).toBe(401);
    expect(await signIn(laptop, 'support-manager')).toMatchObject({
      status: 429,
      page: expect.stringContaining('Too many failed sign-ins from this browser'),
    });
    expect((await signIn(phone, 'support-manager')).ok).toBe(true);
    expect((await signIn(new Map(), 'support-manager')).ok).toBe(true);
    now += 1000;
    expect((await signIn(laptop, 'support-manager')).ok).toBe(true);
  });
});
