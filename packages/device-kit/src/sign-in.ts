import { createHash, randomBytes } from 'node:crypto';

/** A browser's cookies by name; a test that passes one jar to several sign-ins plays one browser. */
export type CookieJar = Map<string, string>;

/** Requests as a browser makes them: the jar's cookies sent, the answer's cookies kept, no redirect followed. */
export function browserFetch(baseUrl: string, cookies: CookieJar) {
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      // A cookie cleared by the server comes back empty (and expired).
      if (value.join('=') === '') cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    remember(response);
    return response;
  };
  return { go, cookieHeader };
}

/**
 * Opens the built-in identity provider's sign-in page as a browser would (code flow with PKCE):
 * answers the form's action and a `go` that keeps the browser's cookies (in `cookies`, a new jar unless given).
 */
export async function openSignInPage(
  baseUrl: string,
  basePath = '/console',
  publicUrl = baseUrl,
  cookies: CookieJar = new Map(),
) {
  const { go, cookieHeader } = browserFetch(baseUrl, cookies);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${publicUrl}${basePath}/auth/callback`;
  const query = new URLSearchParams({
    client_id: 'fleet-console',
    response_type: 'code',
    scope: 'openid profile email api',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  let response = await go(`/idp/auth?${query}`);
  const interaction = response.headers.get('location');
  if (!interaction) throw new Error(`no interaction redirect (${response.status}): ${await response.text()}`);
  response = await go(interaction);
  const page = await response.text();
  const action = /action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no sign-in form: ${page.slice(0, 200)}`);
  return { action, go, cookieHeader, verifier, redirectUri };
}

/** Signs in through the built-in identity provider as a browser would: code flow with PKCE. */
export async function signInThroughIdp(
  baseUrl: string,
  username: string,
  password = 'demo',
  basePath = '/console',
  headers: Record<string, string> = {},
  /** The address users reach when it is not `baseUrl` (a node behind a proxy): the redirects' own. */
  publicUrl = baseUrl,
  /** The browser's cookies, kept across sign-ins (a new browser unless given). */
  jar: CookieJar = new Map(),
) {
  const { action, go, cookieHeader, verifier, redirectUri } = await openSignInPage(
    baseUrl,
    basePath,
    publicUrl,
    jar,
  );
  let response = await go(action, {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  if (response.status !== 303 && response.status !== 302)
    return { ok: false, status: response.status, page: await response.text() } as const;
  let location = new URL(response.headers.get('location')!, baseUrl).href;
  for (let hops = 0; hops < 5 && !location.startsWith(redirectUri); hops++) {
    response = await go(location);
    if (process.env.DEBUG_SIGNIN) console.log(location, response.status, response.headers.get('location'));
    location = new URL(response.headers.get('location') ?? '', baseUrl).href;
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  response = await go('/idp/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'fleet-console',
      code_verifier: verifier,
    }),
  });
  const tokens = (await response.json()) as {
    access_token: string;
    refresh_token?: string;
    id_token: string;
    expires_in: number;
  };
  return { ok: true, status: 200, tokens, cookies: cookieHeader() } as const;
}

/**
 * Signs out as the console does (the ID token as hint, the provider's confirmation form submitted):
 * the provider's session cookies are cleared from the jar, other cookies stay.
 */
export async function signOutThroughIdp(baseUrl: string, idToken: string, jar: CookieJar) {
  const { go } = browserFetch(baseUrl, jar);
  const query = new URLSearchParams({ id_token_hint: idToken, client_id: 'fleet-console' });
  const page = await (await go(`/idp/session/end?${query}`)).text();
  const action = /action="([^"]+)"/.exec(page)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
  if (!action || !xsrf) throw new Error(`no sign-out form: ${page.slice(0, 200)}`);
  const response = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
  });
  if (response.status >= 400) throw new Error(`sign-out failed (${response.status})`);
}
