import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema, usableFeatures } from '@fleet/contract';
import { startTestServer, type TestServer } from './helpers.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function me(username: string) {
  const response = await server.app.inject({
    url: '/api/me',
    headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
  });
  expect(response.statusCode).toBe(200);
  return meSchema.parse(response.json());
}

describe('GET /api/me', () => {
  it('answers the user and the features usable by them', async () => {
    const admin = await me('administrator');
    expect(admin.name).toBe('Administrator (demo)');
    expect(admin.roles).toEqual(['administrator']);
    expect(admin.scopes).toEqual(expect.arrayContaining(['api']));
    expect(admin.features).toEqual(usableFeatures(['administrator']));
    expect(admin.features).toContain('RIGHTS');
    expect(admin.wholeFleet).toBe(true);
  });

  it('scopes customers to their company', async () => {
    const customer = await me('customer-engineering-user');
    expect(customer.wholeFleet).toBe(false);
    expect(customer.company?.name).toBe('Atelier Durand Automobiles');
    expect(customer.features).not.toContain('RIGHTS');
    const seriesUser = await me('series-user');
    expect(seriesUser.company?.id).toBe(customer.company?.id);
  });
});

describe('built-in identity provider', () => {
  it('refuses a wrong password', async () => {
    const result = await signInThroughIdp(server.baseUrl, 'administrator', 'not-the-password');
    expect(result.status).toBe(401);
    if (!result.ok) expect(result.page).toContain('Invalid username or password');
  });

  it('issues a refresh token for silent renewal', async () => {
    const result = await signInThroughIdp(server.baseUrl, 'support-user');
    expect(result.status).toBe(200);
    if (!result.ok) return;
    expect(result.tokens.refresh_token).toBeTruthy();
    const response = await fetch(`${server.baseUrl}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: result.tokens.refresh_token!,
        client_id: 'fleet-console',
      }),
    });
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as { access_token: string };
    const meResponse = await fetch(`${server.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    expect(meResponse.status).toBe(200);
  });

  it('serves a sign-in page with Username and Password fields', async () => {
    const response = await fetch(`${server.baseUrl}/idp/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as {
      issuer: string;
      code_challenge_methods_supported: string[];
    };
    expect(discovery.issuer).toBe(`${server.baseUrl}/idp`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('refuses demo users when demo mode is off', async () => {
    const production = await startTestServer({ DEMO_MODE: 'false' });
    try {
      const result = await signInThroughIdp(production.baseUrl, 'administrator');
      expect(result.status).toBe(401);
    } finally {
      await production.close();
    }
  });
});
