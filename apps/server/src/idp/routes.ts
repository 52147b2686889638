import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { and, eq } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { users } from '../db/schema.ts';
import { LOCAL_PROVIDER } from '../appsettings.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { IDP_PREFIX } from './provider.ts';
import { errorPage, signInPage } from './pages.ts';

const credentials = z.object({
  username: z.string().trim().max(128).default(''),
  password: z.string().max(1024).default(''),
});

/** The provider's own endpoints are served by oidc-provider itself, below the /idp prefix. */
function isProviderPath(url: string): boolean {
  return url.startsWith(`${IDP_PREFIX}/`) && !url.startsWith(`${IDP_PREFIX}/interaction/`);
}

/** The interaction cookie is gone or too old: the user starts again from the console. */
function sendExpired(reply: FastifyReply) {
  return reply
    .status(400)
    .type('text/html')
    .send(
      errorPage('Sign-in expired', 'This sign-in page has expired. Go back to the console to sign in again.'),
    );
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

/** Mounts oidc-provider under /idp (a root-level hook, before routing) and our sign-in pages. */
export const idpPlugin = fp(async (app: FastifyInstance, { provider }: { provider: Provider }) => {
  const callback = provider.callback();
  app.addHook('onRequest', async (request, reply) => {
    if (!isProviderPath(request.url)) return;
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(IDP_PREFIX.length);
    await callback(raw, reply.raw);
  });

  await app.register(async (interaction) => {
    await interaction.register(formbody);
    await interaction.register(rateLimit, { global: false });

    const render = (action: string, options: { username?: string; error?: string } = {}) =>
      signInPage({ action, demoMode: app.config.demoMode, ...options });

    interaction.get<{ Params: { uid: string } }>(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.prompt.name === 'consent')
          return await grantConsent(provider, details, request.raw, reply);
        return reply.type('text/html').send(render(`${IDP_PREFIX}/interaction/${details.uid}/login`));
      } catch (error) {
        request.log.info({ err: error }, 'sign-in interaction not found');
        return sendExpired(reply);
      }
    });

    interaction.post<{ Params: { uid: string } }>(
      `${IDP_PREFIX}/interaction/:uid/login`,
      { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { username, password } = credentials.parse(request.body ?? {});
        const action = `${IDP_PREFIX}/interaction/${request.params.uid}/login`;
        let details;
        try {
          details = await provider.interactionDetails(request.raw, reply.raw);
        } catch {
          return sendExpired(reply);
        }
        const [user] = await app.database.db
          .select()
          .from(users)
          .where(and(eq(users.issuer, LOCAL_PROVIDER), eq(users.username, username)));
        const allowed =
          user && (!user.demo || app.config.demoMode) && (await verifyPassword(password, user.passwordHash));
        if (!user || !allowed) {
          request.log.info({ username }, 'sign-in refused');
          return reply
            .status(401)
            .type('text/html')
            .send(render(action, { username, error: 'Invalid username or password.' }));
        }
        request.log.info({ userId: user.id, interaction: details.uid }, 'signed in');
        await app.database.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, user.id));
        reply.hijack();
        return provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: user.id } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });
});
