import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { browserFetch } from '@fleet/device-kit/sign-in';
import { startTestServer, type TestServer } from '../../test/helpers.ts';

/**
 * The provider as a third-party client sees it: panva's openid-client, which checks every answer against
 * the specifications (discovery, the code flow with PKCE, ID token, userinfo, refresh, revocation, sign-out).
 */
let server: TestServer;
let config: client.Configuration;
let redirectUri: string;

beforeAll(async () => {
  server = await startTestServer();
  redirectUri = `${server.baseUrl}/console/auth/callback`;
  config = await client.discovery(
    new URL(`${server.baseUrl}/idp`),
    'fleet-console',
    undefined,
    client.None(),
    {
      execute: [client.allowInsecureRequests],
    },
  );
});
afterAll(async () => server?.close());

/** Signs in through the real pages as a browser would and answers the callback address the code comes back to. */
async function signIn(authorizationUrl: URL, username = 'support-user') {
  const { go } = browserFetch(server.baseUrl, new Map());
  let response = await go(authorizationUrl.href);
  response = await go(response.headers.get('location')!);
  const action = /action="([^"]+)"/.exec(await response.text())![1]!;
  response = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: 'demo' }),
  });
  let location = new URL(response.headers.get('location')!, server.baseUrl).href;
  for (let hops = 0; hops < 5 && !location.startsWith(redirectUri); hops++)
    location = new URL((await go(location)).headers.get('location') ?? '', server.baseUrl).href;
  return { callback: new URL(location), go };
}

async function codeFlow(username = 'support-user') {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email api',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const { callback, go } = await signIn(url, username);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens, go };
}

const callApi = (accessToken: string) =>
  client.fetchProtectedResource(config, accessToken, new URL(`${server.baseUrl}/api/me`), 'GET');

describe('the identity provider, driven by openid-client', () => {
  it('advertises exactly what a client can use: the code flow with S256, userinfo and revocation', () => {
    const metadata = config.serverMetadata();
    expect(metadata.response_types_supported).toEqual(['code', 'none']);
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.userinfo_endpoint).toBe(`${server.baseUrl}/idp/me`);
    expect(metadata.revocation_endpoint).toBe(`${server.baseUrl}/idp/token/revocation`);
    // The API takes Bearer tokens, not DPoP-bound ones.
    expect(metadata.dpop_signing_alg_values_supported).toBeUndefined();
  });

  it('takes a pushed authorization request (RFC 9126), as advertised', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const url = await client.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email api',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const { callback } = await signIn(url);
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect((await callApi(tokens.access_token)).status).toBe(200);
  });

  it('signs in with the code flow and PKCE, and the access token opens the API and userinfo', async () => {
    const { tokens } = await codeFlow();
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(`${server.baseUrl}/idp`);
    expect((await callApi(tokens.access_token)).status).toBe(200);
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ sub: claims.sub, name: 'Support user (demo)' });
    expect(userinfo.email).toMatch(/@/);
  });

  it('refuses PKCE with the plain method', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: verifier,
      code_challenge_method: 'plain',
    });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refreshes, and a refresh token used twice revokes the grant', async () => {
    const { tokens } = await codeFlow();
    const renewed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await callApi(renewed.access_token)).status).toBe(200);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.refreshTokenGrant(config, renewed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('revokes an access token (RFC 7009): its grant ends, its refresh token and userinfo with it', async () => {
    const { tokens } = await codeFlow();
    const sub = tokens.claims()!.sub;
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    expect((await callApi(tokens.access_token)).status).toBe(401);
    await expect(client.fetchUserInfo(config, tokens.access_token, sub)).rejects.toThrow();
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('revokes a refresh token, and leaves tokens of another client alone', async () => {
    const { tokens } = await codeFlow();
    const other = await client.discovery(
      new URL(`${server.baseUrl}/idp`),
      'fleet-profile',
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    await client.tokenRevocation(other, tokens.access_token);
    expect((await callApi(tokens.access_token)).status).toBe(200);
    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('answers userinfo 401 with a Bearer challenge for a token that is not the provider’s', async () => {
    const response = await fetch(`${server.baseUrl}/idp/me`, {
      headers: { authorization: `Bearer ${(await codeFlow()).tokens.id_token}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('signs out at the end-session endpoint and comes back to the address asked', async () => {
    const { tokens, go } = await codeFlow();
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${server.baseUrl}/console/`,
    });
    const page = await (await go(url.href)).text();
    const action = /action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const response = await go(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    let location = response.headers.get('location') ?? '';
    for (let hops = 0; hops < 3 && location && !location.startsWith(`${server.baseUrl}/console/`); hops++)
      location = (await go(location)).headers.get('location') ?? '';
    expect(location).toBe(`${server.baseUrl}/console/`);
    expect((await callApi(tokens.access_token)).status).toBe(401);
  });
});
