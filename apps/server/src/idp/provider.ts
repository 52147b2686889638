import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { CONSOLE_CLIENT_ID, LOCAL_PROVIDER, apiAudience, builtinIssuer } from '../appsettings.ts';
import { databaseAdapter, unlessUnreachable } from './adapter.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/database-errors.ts';
import { leaveOutRuntimeNotice } from './runtime-notice.ts';
import type { IdpKeys } from './keys.ts';
import { idpPages } from './pages.ts';
import { IDP_PREFIX, PROFILE_PATH } from './idp-paths.ts';

/** The provider's own profile page signs its user in as a client of its own, asking for no token. */
export const PROFILE_CLIENT_ID = 'fleet-profile';
/** Short-lived access tokens: the console renews them silently 10 s before expiry. */
const ACCESS_TOKEN_SECONDS = 10 * 60;
const API_SCOPE = 'api';
const UNAVAILABLE = `Sign-in cannot reach its database for the moment. Try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`;

/** Redirect addresses of the console, plus its development server when CONSOLE_DEV_SERVER names one. */
function consoleUrls(config: Config, suffix: string): string[] {
  const urls = [`${config.publicUrl}${config.basePath}${suffix}`];
  if (config.consoleDevServer) urls.push(`${config.consoleDevServer}${config.basePath}${suffix}`);
  return urls;
}

/** The claims each OpenID scope brings, in the ID token and at the userinfo endpoint. */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
  email: ['email'],
} as const;

type LocalAccount = NonNullable<Awaited<ReturnType<typeof findLocalAccount>>>;

/** An account's claims; those of the scopes granted when they are given. */
export function accountClaims(user: LocalAccount, scopes?: readonly string[]): Record<string, string> {
  const all: Record<string, string | null | undefined> = {
    sub: user.id,
    name: user.name,
    preferred_username: user.username,
    email: user.email,
  };
  const names = scopes
    ? Object.entries(SCOPE_CLAIMS).flatMap(([scope, claims]) => (scopes.includes(scope) ? claims : []))
    : Object.keys(all);
  return Object.fromEntries(
    names.flatMap((name) => (typeof all[name] === 'string' && all[name] ? [[name, all[name]]] : [])),
  );
}

export async function findLocalAccount(db: Db, id: string, demoMode: boolean) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, LOCAL_PROVIDER), eq(users.id, id)));
  if (!user || (user.demo && !demoMode)) return undefined;
  return user;
}

/**
 * oidc-provider is loaded here, after the runtime notice is filtered: a static import would be evaluated
 * first once the server is bundled, since a bundle hoists its external packages.
 */
async function loadProvider(): Promise<typeof Provider> {
  leaveOutRuntimeNotice();
  return (await import('oidc-provider')).default;
}

export async function createProvider(config: Config, db: Db, keys: IdpKeys): Promise<Provider> {
  const OidcProvider = await loadProvider();
  const resource = apiAudience(config);
  const { confirmSignOutPage, errorPage, signOutPage, signedOutPage } = idpPages(
    config.variant,
    config.basePath,
  );
  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: CONSOLE_CLIENT_ID,
        client_name: 'Fleet Console',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: consoleUrls(config, '/auth/callback'),
        post_logout_redirect_uris: consoleUrls(config, '/'),
      },
      {
        client_id: PROFILE_CLIENT_ID,
        client_name: 'Fleet Console profile',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        // response_type none: the sign-in leaves the provider's session, which is all the page reads.
        grant_types: [],
        response_types: ['none'],
        redirect_uris: [`${config.publicUrl}${PROFILE_PATH}`],
      },
    ],
    jwks: { keys: keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: keys.cookieKeys },
    claims: {
      openid: [...SCOPE_CLAIMS.openid],
      profile: [...SCOPE_CLAIMS.profile],
      email: [...SCOPE_CLAIMS.email],
    },
    // The code flow only: what discovery advertises is exactly what a client can use.
    responseTypes: ['code', 'none'],
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    async findAccount(_ctx, id) {
      const user = await unlessUnreachable(findLocalAccount(db, id, config.demoMode));
      if (!user) return undefined;
      return { accountId: user.id, claims: async () => ({ sub: user.id, ...accountClaims(user) }) };
    },
    interactions: { url: async (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // The API takes Bearer tokens only: a DPoP-bound token would be refused there, so none is offered.
      dPoP: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The API is the console's resource; the profile page asks for no token at all.
        defaultResource: async (_ctx, client) =>
          client?.clientId === CONSOLE_CLIENT_ID ? resource : undefined,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: API_SCOPE,
          audience: resource,
          accessTokenTTL: ACCESS_TOKEN_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const nonce = randomBytes(16).toString('base64');
          ctx.set(
            'Content-Security-Policy',
            `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action 'self'`,
          );
          // The console proves it asked by sending the ID token it holds; any other link asks the user.
          const fromConsole =
            !!ctx.oidc.entities.IdTokenHint && ctx.oidc.client?.clientId === CONSOLE_CLIENT_ID;
          ctx.body = fromConsole ? signOutPage(form, nonce) : confirmSignOutPage(form, `${config.basePath}/`);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.body = signedOutPage(`${config.basePath}/`);
        },
      },
    },
    // The console and the profile page are the provider's own first-party clients: no consent screen.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const accountId = ctx.oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      if (client.clientId === PROFILE_CLIENT_ID) grant.addOIDCScope('openid');
      else if (client.clientId === CONSOLE_CLIENT_ID) {
        grant.addOIDCScope('openid profile email offline_access');
        grant.addOIDCClaims(['sub', 'name', 'preferred_username', 'email']);
        grant.addResourceScope(resource, API_SCOPE);
      } else return undefined;
      await grant.save();
      return grant;
    },
    // The API refuses an access token whose grant was revoked (sign-out), before it expires.
    async extraTokenClaims(_ctx, token) {
      return 'grantId' in token && token.grantId ? { gid: token.grantId } : undefined;
    },
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body =
        ctx.status === 503
          ? errorPage('Sign-in unavailable', UNAVAILABLE)
          : errorPage(
              'Sign-in problem',
              String(out.error_description ?? out.error ?? 'Something went wrong'),
            );
    },
  };
  const provider = new OidcProvider(builtinIssuer(config), configuration);
  // An answer the database's absence made a 503 tells when to ask again, as the API's do.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 503) ctx.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  });
  // X-Forwarded-Proto and -Host are believed only from proxies the configuration trusts.
  provider.proxy = config.trustProxy !== false;
  return provider;
}
