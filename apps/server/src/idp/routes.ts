import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { and, eq } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { users } from '../db/schema.ts';
import { LOCAL_PROVIDER, apiAudience, builtinIssuer } from '../appsettings.ts';
import { HttpError } from '../lib/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../lib/database-errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { sharedRandomBytes } from '../db/server-secrets.ts';
import { AccountThrottle, FREE_FAILURES, MAX_WAIT_MS, type Attempt } from './account-throttle.ts';
import { deviceCookies } from './device-cookie.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';
import { IDP_PREFIX, PRIVACY_PATH, REVOCATION_PATH, isProviderPath, pathOf } from './idp-paths.ts';
import { accessTokenCheck, revokeAccessToken } from './access-tokens.ts';
import { userinfoRoutes } from './userinfo.ts';
import type { IdpKeys } from './keys.ts';
import { profileRoutes, type AuditWriter } from './profile-routes.ts';
import { idpPages, type IdpPages } from './pages.ts';
import { htmlPage, invalidPage, retryPage } from './page-docs.ts';

const credentialsSchema = z.object({
  username: z.string().max(128, 'must be at most 128 characters').default(''),
  password: z.string().max(1024, 'must be at most 1024 characters').default(''),
});
const interactionParams = z.object({ uid: z.string().min(1).max(64) });

/** The interaction cookie is gone or too old: the user starts again from the console. */
function sendExpired(reply: FastifyReply, pages: IdpPages) {
  return reply
    .status(400)
    .type('text/html')
    .send(
      pages.errorPage(
        'Sign-in expired',
        'This sign-in page has expired. Go back to the console to sign in again.',
      ),
    );
}

/** Plain words for a throttled attempt: a known browser waits for its own failures, others for the account's. */
function tooManyFailures(attempt: Attempt, seconds: number): string {
  return attempt.device === null
    ? `Too many failed sign-ins for this account. Try again in ${seconds} s.`
    : `Too many failed sign-ins from this browser. Try again in ${seconds} s.`;
}

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The console is the provider's first-party client: consent is granted without asking. */
async function grantConsent(
  provider: Provider,
  details: InteractionDetails,
  raw: IncomingMessage,
  reply: FastifyReply,
) {
  const { accountId } = details.session ?? {};
  const clientId = String(details.params.client_id);
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error('grant not found');
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  reply.hijack();
  await provider.interactionFinished(
    raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

/** The sign-in pages answer in HTML, errors too: a person reads them, not a program. */
function htmlErrors(app: FastifyInstance, { errorPage }: IdpPages) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = error instanceof HttpError ? error.status : (error.statusCode ?? 500);
    let message = error.message;
    if (isDatabaseUnreachable(error)) {
      status = 503;
      message = `Sign-in cannot reach its database for the moment. Try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`;
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    if (error.validation) {
      status = 400;
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
      message = `Invalid ${error.validationContext ?? 'body'}.${field}: ${issue?.message ?? 'is invalid'}`;
    }
    if (status >= 500 && status !== 503) {
      request.log.error({ err: error }, 'sign-in page failed');
      message = 'Something went wrong. Go back to the console and sign in again.';
    }
    const title =
      status === 429
        ? 'Too many sign-in attempts'
        : status === 503
          ? 'Sign-in unavailable'
          : 'Sign-in problem';
    return reply.status(status).type('text/html').send(errorPage(title, message));
  });
}

export interface IdpOptions {
  provider: Provider;
  /** The provider's keys: its access tokens are checked at userinfo and revocation with them. */
  keys: IdpKeys;
  /** Where a password change is recorded: the audit log's writer. */
  recordAudit: AuditWriter;
  /** The time the sign-in throttle reads. */
  now?: () => number;
}

/** Mounts oidc-provider under /idp (a root-level hook, before routing) and our pages: sign-in, profile, privacy. */
export const idpPlugin = fp(
  async (app: FastifyInstance, { provider, keys, now, recordAudit }: IdpOptions) => {
    const callback = provider.callback();
    provider.on('grant.revoked', (_ctx: unknown, grantId: string) => app.forgetGrant(grantId));
    const issuer = builtinIssuer(app.config);
    const accessTokens = accessTokenCheck(provider, keys, issuer, apiAudience(app.config));
    app.addHook('onRequest', async (request, reply) => {
      if (!isProviderPath(request.url)) return;
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string; body?: Buffer };
      if (
        raw.method === 'POST' &&
        pathOf(raw.url!) === REVOCATION_PATH &&
        (await revokeAccessToken(app.database.db, provider, accessTokens, raw, reply.raw))
      )
        return;
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(IDP_PREFIX.length);
      await callback(raw, reply.raw);
    });
    const throttle = new AccountThrottle(app.sharedStore, now);
    const devices = deviceCookies(
      await sharedRandomBytes(app.database.db, 'device-cookie-key'),
      app.config.publicUrl.startsWith('https:'),
    );
    const pages = idpPages(app.config.variant, app.config.basePath);
    // Checked when the username is unknown too, so that both answers take the same time.
    const decoyHash = await hashPassword(randomBytes(16).toString('base64url'));

    await userinfoRoutes(app, {
      db: app.database.db,
      check: accessTokens,
      demoMode: app.config.demoMode,
      issuer,
    });
    await app.register(async (interaction) => {
      // The sign-in form is a form: nothing else is parsed here (a JSON body is a 415).
      interaction.removeAllContentTypeParsers();
      await interaction.register(formbody, { bodyLimit: 4096 });
      await interaction.register(rateLimit, {
        global: false,
        store: sharedRateLimitStore(app.sharedStore),
        // The shared store out of reach: sign-ins go on, limited per account by the throttle alone.
        skipOnError: true,
      });
      htmlErrors(interaction, pages);
      const routes = interaction.withTypeProvider<ZodTypeProvider>();

      const render = (action: string, options: { username?: string; error?: string } = {}) =>
        pages.signInPage({ action, demoMode: app.config.demoMode, ...options });
      const refuse = (reply: FastifyReply, status: number, action: string, username: string, error: string) =>
        reply.status(status).type('text/html').send(render(action, { username, error }));

      routes.get(
        `${IDP_PREFIX}/interaction/:uid`,
        {
          config: { access: 'public' },
          schema: {
            tags: ['sign-in'],
            operationId: 'showSignIn',
            summary: 'The sign-in page of the built-in identity provider (HTML)',
            params: interactionParams,
            response: {
              200: htmlPage('The sign-in form, or a redirect once consent is given'),
              400: invalidPage('This sign-in has expired: go back to the console'),
              503: retryPage('Sign-in cannot reach its database for the moment'),
            },
          },
        },
        async (request, reply) => {
          try {
            const details = await provider.interactionDetails(request.raw, reply.raw);
            if (details.prompt.name === 'consent')
              return await grantConsent(provider, details, request.raw, reply);
            return reply.type('text/html').send(render(`${IDP_PREFIX}/interaction/${details.uid}/login`));
          } catch (error) {
            request.log.info({ err: error }, 'sign-in interaction not found');
            return sendExpired(reply, pages);
          }
        },
      );

      routes.post(
        `${IDP_PREFIX}/interaction/:uid/login`,
        {
          config: { access: 'public', rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
          schema: {
            tags: ['sign-in'],
            operationId: 'submitSignIn',
            summary: 'Checks a username and password from the sign-in form (HTML answers)',
            description: `Per address at most LOGIN_RATE_LIMIT attempts a minute. After ${FREE_FAILURES} failures each next attempt waits twice as long (429 until then), up to ${MAX_WAIT_MS / 60_000} minutes: per account from browsers that never signed in to it, per browser from those that did (they hold its device cookie, set on success).`,
            consumes: ['application/x-www-form-urlencoded'],
            params: interactionParams,
            body: credentialsSchema,
            response: {
              303: z.null().describe('Signed in: back to the provider, which redirects to the console'),
              400: invalidPage(
                'The form is not valid (the page names the field), or the sign-in has expired',
              ),
              401: htmlPage('Wrong username or password: the form again, with the message'),
              413: htmlPage('The form is larger than a sign-in form can be'),
              415: htmlPage('Not a form: only application/x-www-form-urlencoded is read'),
              429: retryPage('Too many attempts: from this address, on this account, or from this browser'),
              503: retryPage('Sign-in cannot reach its database for the moment'),
            },
          },
        },
        async (request, reply) => {
          const username = request.body.username.trim();
          const { password } = request.body;
          const action = `${IDP_PREFIX}/interaction/${request.params.uid}/login`;
          let details;
          try {
            details = await provider.interactionDetails(request.raw, reply.raw);
          } catch {
            return sendExpired(reply, pages);
          }
          const attempt = { username, device: devices.nonceFor(request.headers.cookie, username) };
          const wait = await throttle.waitMs(attempt);
          if (wait > 0) {
            const seconds = Math.ceil(wait / 1000);
            reply.header('retry-after', String(seconds));
            return refuse(reply, 429, action, username, tooManyFailures(attempt, seconds));
          }
          const [user] = await app.database.db
            .select()
            .from(users)
            .where(and(eq(users.issuer, LOCAL_PROVIDER), eq(users.username, username)));
          const usable = !!user && (!user.demo || app.config.demoMode);
          const passwordMatches = await verifyPassword(password, usable ? user.passwordHash : decoyHash);
          if (!usable || !passwordMatches) {
            await throttle.failed(attempt);
            request.log.info({ username, knownBrowser: attempt.device !== null }, 'sign-in refused');
            return refuse(reply, 401, action, username, 'Invalid username or password.');
          }
          request.log.info({ userId: user.id, interaction: details.uid }, 'signed in');
          await app.database.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, user.id));
          reply.raw.appendHeader('set-cookie', devices.issue(request.headers.cookie, username));
          reply.hijack();
          return provider.interactionFinished(
            request.raw,
            reply.raw,
            { login: { accountId: user.id } },
            { mergeWithLastSubmission: false },
          );
        },
      );

      await profileRoutes(interaction, { provider, pages, throttle, devices, recordAudit });
      routes.get(
        PRIVACY_PATH,
        {
          config: { access: 'public' },
          schema: {
            tags: ['sign-in'],
            operationId: 'showPrivacyPolicy',
            summary: 'The privacy policy of Fleet Console (HTML), readable without signing in',
            response: {
              200: htmlPage('The privacy policy'),
              400: invalidPage('A request refused before any page is read (a NUL character in its query)'),
            },
          },
        },
        async (_request, reply) => reply.type('text/html').send(pages.privacyPage()),
      );
    });
  },
);
