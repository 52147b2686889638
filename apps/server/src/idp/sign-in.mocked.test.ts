import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { openSignInPage, signInThroughIdp } from '@fleet/device-kit/sign-in';
import * as passwords from '../lib/passwords.ts';
import { FREE_FAILURES } from './account-throttle.ts';

vi.mock('../lib/passwords.ts', { spy: true });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function submit(body: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  const page = await openSignInPage(server.baseUrl);
  return page.go(page.action, { method: 'POST', body, headers: { 'content-type': contentType, ...headers } });
}

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

describe('the sign-in form', () => {
  it('takes a form only: a JSON body is a 415 page', async () => {
    const response = await submit(
      JSON.stringify({ username: 'administrator', password: 'demo' }),
      'application/json',
    );
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('answers 400 naming the field for a repeated field or one too long, and signs nobody in', async () => {
    const cases: [string, string][] = [
      [
        form([
          ['username', 'administrator'],
          ['username', 'support-user'],
          ['password', 'demo'],
        ]),
        'username',
      ],
      [
        form([
          ['username', 'x'.repeat(129)],
          ['password', 'demo'],
        ]),
        'username',
      ],
      [
        form([
          ['username', 'administrator'],
          ['password', 'p'.repeat(1025)],
        ]),
        'password',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await submit(body, FORM);
      expect(response.status, body.slice(0, 60)).toBe(400);
      expect(await response.text()).toContain(field);
    }
  });

  it('checks a password as long for an unknown username as for a known one', async () => {
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    const unknown = await submit(
      form([
        ['username', 'nobody-at-all'],
        ['password', 'demo'],
      ]),
      FORM,
    );
    expect(unknown.status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![1]).toMatch(/^scrypt\$/);
    expect(await unknown.text()).toContain('Invalid username or password.');
  });

  it('spaces out attempts on one account after a few failures, whatever the address', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++) {
      const response = await submit(
        form([
          ['username', 'factory-user'],
          ['password', 'wrong'],
        ]),
        FORM,
      );
      expect(response.status).toBe(401);
    }
    // Even the right password waits now: the account is being guessed at.
    const waiting = await submit(
      form([
        ['username', 'factory-user'],
        ['password', 'demo'],
      ]),
      FORM,
    );
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await waiting.text()).toContain('Too many failed sign-ins for this account');
    // Other accounts are not held up.
    expect((await signInThroughIdp(server.baseUrl, 'factory-manager')).ok).toBe(true);
  });
});

describe('the sign-in rate limit per address', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    const limited = await startTestServer({ LOGIN_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const page = await openSignInPage(limited.baseUrl);
        const response = await page.go(page.action, {
          method: 'POST',
          body: form([
            ['username', `guess${attempt}`],
            ['password', 'x'],
          ]),
          headers: { 'content-type': FORM, 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts per client address given by a trusted proxy', async () => {
    const proxied = await startTestServer({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) {
        const page = await openSignInPage(proxied.baseUrl);
        const response = await page.go(page.action, {
          method: 'POST',
          body: form([
            ['username', `guess-${statuses.length}`],
            ['password', 'x'],
          ]),
          headers: { 'content-type': FORM, 'x-forwarded-for': address },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 429, 401]);
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-out', () => {
  it('refuses an access token at once once its grant is revoked', async () => {
    const result = await signInThroughIdp(server.baseUrl, 'support-manager');
    if (!result.ok) throw new Error('could not sign in');
    const me = () =>
      fetch(`${server.baseUrl}/api/me`, {
        headers: { authorization: `Bearer ${result.tokens.access_token}` },
      });
    expect((await me()).status).toBe(200);
    const revoked = await fetch(`${server.baseUrl}/idp/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: new URLSearchParams({ token: result.tokens.refresh_token!, client_id: 'fleet-console' }),
    });
    expect(revoked.status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it('asks the user to confirm a sign-out the console did not ask for', async () => {
    const result = await signInThroughIdp(server.baseUrl, 'support-user');
    if (!result.ok) throw new Error('could not sign in');
    const bySomeLink = await fetch(`${server.baseUrl}/idp/session/end`, {
      headers: { cookie: result.cookies },
    });
    const page = await bySomeLink.text();
    expect(page).toContain('Sign out?');
    expect(page).not.toContain('<script');
    const byConsole = await fetch(
      `${server.baseUrl}/idp/session/end?id_token_hint=${result.tokens.id_token}&client_id=fleet-console`,
      { headers: { cookie: result.cookies } },
    );
    expect(await byConsole.text()).toContain('f.submit()');
  });
});
