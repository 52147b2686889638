import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch, signInThroughIdp, type CookieJar } from '@fleet/device-kit/sign-in';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { auditLog, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { FREE_FAILURES } from './account-throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const FIRST = 'correct horse battery';
const SECOND = 'staple in the stable';

/** An account of the built-in provider that is not a demo one: its password is its own. */
async function newAccount(username: string) {
  const id = randomUUID();
  await server.database.db.insert(users).values({
    id,
    issuer: 'local',
    subject: id,
    username,
    name: `${username} Curie`,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(FIRST),
  });
  return id;
}

/** A browser signed in to the console as `username`: its cookies and the console's access token. */
async function consoleIn(username: string, password = FIRST) {
  const jar: CookieJar = new Map();
  const signed = await signInThroughIdp(
    server.baseUrl,
    username,
    password,
    '/console',
    {},
    server.baseUrl,
    jar,
  );
  if (!signed.ok) throw new Error(`${username} could not sign in (${signed.status})`);
  return { jar, token: signed.tokens.access_token, go: browserFetch(server.baseUrl, jar).go };
}

const signInStatus = async (username: string, password: string) =>
  (await signInThroughIdp(server.baseUrl, username, password)).status;

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

/** The profile page as the browser gets it, and the token of its password form. */
async function profileOf(go: ReturnType<typeof browserFetch>['go']) {
  const response = await go('/idp/profile');
  const page = await response.text();
  return { response, page, formToken: /name="formToken" value="([^"]+)"/.exec(page)?.[1] ?? '' };
}

/** The message said beside a field of the password form. */
const fieldError = (page: string, field: string) =>
  new RegExp(`<div class="error field-error" id="${field}-error">([^<]+)</div>`).exec(page)?.[1];

const apiStatus = async (token: string) =>
  (await server.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode;

async function passwordHashOf(id: string) {
  const [row] = await server.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  return row!.hash;
}

describe('the profile page', () => {
  it('shows the signed-in user their name, username and e-mail address', async () => {
    await newAccount('pierre');
    const { go } = await consoleIn('pierre');
    const { response, page, formToken } = await profileOf(go);
    expect(response.status).toBe(200);
    expect(page).toContain('<dd>pierre Curie</dd>');
    expect(page).toContain('<dd>pierre@example.com</dd>');
    expect(page).toContain('<dd>pierre</dd>');
    expect(formToken).not.toBe('');
  });

  it("sends a browser nobody signed in to through the provider's sign-in, and back to the profile", async () => {
    await newAccount('irene');
    const { go } = browserFetch(server.baseUrl, new Map());
    let response = await go('/idp/profile');
    expect(response.status).toBe(303);
    const signIn = new URL(response.headers.get('location')!, server.baseUrl);
    expect(signIn.pathname).toBe('/idp/auth');
    expect(signIn.searchParams.get('client_id')).toBe('fleet-profile');
    response = await go(signIn.href);
    response = await go(response.headers.get('location')!);
    const action = /action="([^"]+)"/.exec(await response.text())![1]!;
    response = await go(action, form({ username: 'irene', password: FIRST }));
    for (let hops = 0; hops < 5 && !response.headers.get('location')!.includes('/idp/profile'); hops++)
      response = await go(response.headers.get('location')!);
    const back = new URL(response.headers.get('location')!, server.baseUrl);
    expect(back.pathname).toBe('/idp/profile');
    response = await go(back.href);
    expect(response.headers.get('location')).toBe('/idp/profile');
    const { response: profile, page } = await profileOf(go);
    expect(profile.status).toBe(200);
    expect(page).toContain('<dd>irene@example.com</dd>');
  });

  it('keeps the demo password of a demo account, which everyone signs in with', async () => {
    const { go } = await consoleIn('support-user', 'demo');
    const { page, formToken } = await profileOf(go);
    expect(page).toContain('This is a demo account');
    expect(page).not.toContain('<form');
    const refused = await go(
      '/idp/profile/password',
      form({
        formToken: formToken || 'none',
        currentPassword: 'demo',
        newPassword: SECOND,
        confirmation: SECOND,
      }),
    );
    expect(refused.status).toBe(403);
    expect(await signInStatus('support-user', 'demo')).toBe(200);
  });
});

describe('a password change', () => {
  it('with a wrong current password is refused beside that field, and changes nothing', async () => {
    const id = await newAccount('marie');
    const before = await passwordHashOf(id);
    const { go } = await consoleIn('marie');
    const { formToken } = await profileOf(go);
    const response = await go(
      '/idp/profile/password',
      form({ formToken, currentPassword: 'not the password', newPassword: SECOND, confirmation: SECOND }),
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(fieldError(page, 'currentPassword')).toBe('This is not your current password.');
    expect(page).toContain('aria-describedby="currentPassword-error"');
    expect(await passwordHashOf(id)).toBe(before);
    expect(await signInStatus('marie', FIRST)).toBe(200);
    expect(await signInStatus('marie', SECOND)).toBe(401);
  });

  it('names the rule a new password breaks, beside the new password or its repetition', async () => {
    const id = await newAccount('eve');
    const before = await passwordHashOf(id);
    const { go } = await consoleIn('eve');
    const { formToken } = await profileOf(go);
    const tryWith = async (newPassword: string, confirmation = newPassword) => {
      const response = await go(
        '/idp/profile/password',
        form({ formToken, currentPassword: FIRST, newPassword, confirmation }),
      );
      expect(response.status).toBe(400);
      return response.text();
    };
    expect(fieldError(await tryWith('short'), 'newPassword')).toBe('Use at least 12 characters.');
    expect(fieldError(await tryWith('eve is my name here'), 'newPassword')).toBe(
      'Do not use your username in your password.',
    );
    expect(fieldError(await tryWith(FIRST), 'newPassword')).toBe(
      'Choose a password other than your current one.',
    );
    expect(fieldError(await tryWith(SECOND, `${SECOND}!`), 'confirmation')).toBe(
      'This is not the same as the new password.',
    );
    expect(await passwordHashOf(id)).toBe(before);
  });

  it("needs the form's token of this browser's session", async () => {
    const id = await newAccount('paul');
    const before = await passwordHashOf(id);
    const other = await consoleIn('paul');
    const { formToken: othersToken } = await profileOf(other.go);
    const { go } = await consoleIn('paul');
    for (const formToken of ['', othersToken]) {
      const response = await go(
        '/idp/profile/password',
        form({ formToken, currentPassword: FIRST, newPassword: SECOND, confirmation: SECOND }),
      );
      expect(response.status).toBe(403);
    }
    expect(await passwordHashOf(id)).toBe(before);
  });

  it('counts wrong current passwords as failed sign-ins: after a few, the next waits', async () => {
    await newAccount('jacques');
    const { go } = await consoleIn('jacques');
    const { formToken } = await profileOf(go);
    const guess = () =>
      go(
        '/idp/profile/password',
        form({ formToken, currentPassword: 'a guess', newPassword: SECOND, confirmation: SECOND }),
      );
    for (let i = 0; i < FREE_FAILURES; i++) expect((await guess()).status).toBe(400);
    const waiting = await guess();
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fieldError(await waiting.text(), 'currentPassword')).toMatch(
      /^Too many wrong passwords\. Try again in \d+ s\.$/,
    );
  });

  it('that is good lets the user sign in with the new password, not the old, and signs out their other sessions', async () => {
    const id = await newAccount('ada');
    const elsewhere = await consoleIn('ada');
    const here = await consoleIn('ada');
    const { formToken } = await profileOf(here.go);
    const response = await here.go(
      '/idp/profile/password',
      form({ formToken, currentPassword: FIRST, newPassword: SECOND, confirmation: SECOND }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/idp/profile?password=changed');
    const changed = await here.go(response.headers.get('location')!);
    expect(await changed.text()).toContain('<div class="hint" role="status">Your password is changed.');
    expect(await signInStatus('ada', SECOND)).toBe(200);
    expect(await signInStatus('ada', FIRST)).toBe(401);
    // This browser's console goes on; the other's is refused at its next call, and its sign-in is gone.
    expect(await apiStatus(here.token)).toBe(200);
    expect(await apiStatus(elsewhere.token)).toBe(401);
    expect((await elsewhere.go('/idp/profile')).status).toBe(303);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password'), eq(auditLog.subjectId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: id, actorName: 'ada Curie', subjectType: 'user' });
    expect(entries[0]!.details).toMatchObject({ otherSessionsEnded: expect.any(Number) });
    expect(JSON.stringify(entries[0]!.details)).not.toContain(SECOND);
  });
});

describe('the privacy policy', () => {
  it('answers without a session, and says what is kept, why, how long, who sees it and how to ask', async () => {
    const response = await fetch(new URL('/idp/privacy', server.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    for (const heading of [
      'What the console keeps about you',
      'Why',
      'How long',
      'Who sees it',
      'Your choices and how to ask for changes',
    ])
      expect(page).toContain(`<h2>${heading}</h2>`);
    for (const kept of ['e-mail address', 'language', 'audit log', 'sign-in session'])
      expect(page).toContain(kept);
  });
});

describe('the settings the console loads', () => {
  it('name the profile page and the privacy policy by default', async () => {
    const settings = (await server.app.inject({ url: '/console/appsettings/appsettings.json' })).json();
    expect(settings.links).toEqual({
      profile: `${server.baseUrl}/idp/profile`,
      privacy: `${server.baseUrl}/idp/privacy`,
    });
  });
});
