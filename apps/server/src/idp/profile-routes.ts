import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { AuditAction, AuditSubject } from '@fleet/contract';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { sharedRandomBytes } from '../db/server-secrets.ts';
import { hashPassword, newPasswordProblem, verifyPassword } from '../lib/passwords.ts';
import type { AccountThrottle } from './account-throttle.ts';
import type { deviceCookies } from './device-cookie.ts';
import { IDP_PREFIX, PROFILE_PASSWORD_PATH, PROFILE_PATH } from './idp-paths.ts';
import { htmlPage, invalidPage, retryPage } from './page-docs.ts';
import type { IdpPages } from './pages.ts';
import { PASSWORD_PROBLEMS, type PasswordField } from './profile-page.ts';
import { PROFILE_CLIENT_ID, findLocalAccount } from './provider.ts';
import { browserSession, endOtherSessions, type BrowserSession } from './sessions.ts';

/** Writes an audit entry in the transaction given (modules/audit: the identity provider sits below the modules). */
export type AuditWriter = (
  db: Db,
  actor: { id: string; name: string },
  entry: {
    action: AuditAction;
    subjectType: AuditSubject;
    subjectId: string;
    details: Record<string, unknown>;
  },
) => Promise<void>;

interface ProfileOptions {
  provider: Provider;
  recordAudit: AuditWriter;
  pages: IdpPages;
  /** The sign-in throttle: a wrong current password is a guess like a wrong sign-in. */
  throttle: AccountThrottle;
  devices: ReturnType<typeof deviceCookies>;
}

const passwordChangeSchema = z.object({
  formToken: z.string().max(128, 'must be at most 128 characters').default(''),
  currentPassword: z.string().max(1024, 'must be at most 1024 characters').default(''),
  newPassword: z.string().max(1024, 'must be at most 1024 characters').default(''),
  confirmation: z.string().max(1024, 'must be at most 1024 characters').default(''),
});

const profileQuery = z.object({
  /** Back from the provider's sign-in: the state it returns, or its error. */
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  /** Just changed: the page says so. */
  password: z.enum(['changed']).optional(),
});

const CHANGED =
  'Your password is changed. You stay signed in here; everywhere else you were signed in, you are signed out.';
const NOT_FINISHED = 'Signing in did not finish. Open your profile again from the console.';
const NO_SESSION =
  'Signing in did not keep a session in this browser. Allow cookies for this site, then open your profile again.';

/** The profile page of the built-in identity provider: who is signed in, and a password change (docs/decisions.md). */
export async function profileRoutes(
  app: FastifyInstance,
  { provider, pages, throttle, devices, recordAudit }: ProfileOptions,
) {
  const { db } = app.database;
  const formKey = await sharedRandomBytes(db, 'profile-form-key');
  // The form's token is bound to the browser's session: another site cannot make one, nor use an old one.
  const formTokenOf = (session: BrowserSession) =>
    createHmac('sha256', formKey).update(session.id).digest('base64url');
  const tokenMatches = (token: string, session: BrowserSession) => {
    const expected = Buffer.from(formTokenOf(session));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await browserSession(provider, request.raw, reply.raw);
    const user = session && (await findLocalAccount(db, session.accountId, app.config.demoMode));
    return session && user ? { session, user } : null;
  };
  type SignedIn = NonNullable<Awaited<ReturnType<typeof signedIn>>>;

  const show = (
    reply: FastifyReply,
    status: number,
    { user, session }: SignedIn,
    extra: { errors?: Partial<Record<PasswordField, string>>; notice?: string } = {},
  ) =>
    reply
      .status(status)
      .type('text/html')
      .send(
        pages.profilePage({
          name: user.name,
          username: user.username,
          email: user.email,
          demo: user.demo,
          action: PROFILE_PASSWORD_PATH,
          formToken: formTokenOf(session),
          ...extra,
        }),
      );

  /** Through the provider's own sign-in, and back here: the page's client asks for no token. */
  const signInFirst = (reply: FastifyReply) => {
    const query = new URLSearchParams({
      client_id: PROFILE_CLIENT_ID,
      response_type: 'none',
      scope: 'openid',
      redirect_uri: `${app.config.publicUrl}${PROFILE_PATH}`,
      state: randomBytes(16).toString('base64url'),
    });
    return reply.redirect(`${IDP_PREFIX}/auth?${query}`, 303);
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    PROFILE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['sign-in'],
        operationId: 'showProfile',
        summary:
          "The signed-in user's profile on the built-in identity provider: name, e-mail, password (HTML)",
        description:
          "Read by the provider's session cookie, not a bearer token. Without a session, a redirect through the provider's sign-in, which comes back here.",
        querystring: profileQuery,
        response: {
          200: htmlPage('The profile page'),
          303: z
            .null()
            .describe(
              "Nobody signed in: to the provider's sign-in, which comes back here; then to this page's own address",
            ),
          400: invalidPage('The sign-in did not finish, or left no session (cookies refused)'),
          503: retryPage('The profile cannot reach its database for the moment'),
        },
      },
    },
    async (request, reply) => {
      const current = await signedIn(request, reply);
      // Back from the sign-in: the page's own address, for a reload or a bookmark.
      if (current && request.query.state) return reply.redirect(PROFILE_PATH, 303);
      if (current)
        return show(reply, 200, current, request.query.password === 'changed' ? { notice: CHANGED } : {});
      // Back from the sign-in without a session: say why rather than send the browser round again.
      if (request.query.error || request.query.state) {
        request.log.info({ error: request.query.error }, 'profile sign-in did not finish');
        const message = request.query.error ? NOT_FINISHED : NO_SESSION;
        return reply.status(400).type('text/html').send(pages.errorPage('Profile unavailable', message));
      }
      return signInFirst(reply);
    },
  );

  routes.post(
    PROFILE_PASSWORD_PATH,
    {
      config: {
        access: 'public',
        audit: { actions: ['user.password'] },
        rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['sign-in'],
        operationId: 'changePassword',
        summary:
          'Changes the password of the signed-in user of the built-in identity provider (HTML answers)',
        description:
          "Read by the provider's session cookie and the form's token. A wrong current password counts as a failed sign-in (the sign-in's throttle and per-address limit). Success ends the account's other sessions and grants, and is audited (user.password).",
        consumes: ['application/x-www-form-urlencoded'],
        body: passwordChangeSchema,
        response: {
          303: z
            .null()
            .describe('Changed: back to the profile, which says so; or nobody signed in: to the profile'),
          400: invalidPage(
            'The current password is wrong or the new one breaks a rule: the form again, the field named',
          ),
          403: htmlPage(
            "The form's token does not match this session, or a demo account (its password stays)",
          ),
          413: htmlPage('The form is larger than a password form can be'),
          415: htmlPage('Not a form: only application/x-www-form-urlencoded is read'),
          429: retryPage('Too many attempts: from this address, or wrong current passwords'),
          503: retryPage('The profile cannot reach its database for the moment'),
        },
      },
    },
    async (request, reply) => {
      const current = await signedIn(request, reply);
      if (!current) return reply.redirect(PROFILE_PATH, 303);
      const { user, session } = current;
      const body = request.body;
      if (!tokenMatches(body.formToken, session))
        return reply
          .status(403)
          .type('text/html')
          .send(pages.errorPage('Form expired', 'This form is no longer valid. Open your profile again.'));
      if (user.demo) return show(reply, 403, current);
      const username = user.username ?? user.id;
      const attempt = { username, device: devices.nonceFor(request.headers.cookie, username) };
      const wait = await throttle.waitMs(attempt);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        reply.header('retry-after', String(seconds));
        const tooMany = `Too many wrong passwords. Try again in ${seconds} s.`;
        return show(reply, 429, current, { errors: { currentPassword: tooMany } });
      }
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        await throttle.failed(attempt);
        request.log.info({ userId: user.id }, 'password change refused: wrong current password');
        const wrong = 'This is not your current password.';
        return show(reply, 400, current, { errors: { currentPassword: wrong } });
      }
      const problem = await newPasswordProblem(body.newPassword, {
        username: user.username,
        currentHash: user.passwordHash,
      });
      if (problem) return show(reply, 400, current, { errors: { newPassword: PASSWORD_PROBLEMS[problem] } });
      if (body.confirmation !== body.newPassword) {
        const differ = 'This is not the same as the new password.';
        return show(reply, 400, current, { errors: { confirmation: differ } });
      }
      const passwordHash = await hashPassword(body.newPassword);
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        const other = await endOtherSessions(tx, session);
        await recordAudit(tx, user, {
          action: 'user.password',
          subjectType: 'user',
          subjectId: user.id,
          details: { name: user.name, username: user.username, otherSessionsEnded: other.sessions },
        });
        return other;
      });
      // Tokens of the grants revoked are refused at their next call, on every node.
      app.forgetUserEverywhere(user.id);
      request.log.info({ userId: user.id, otherSessionsEnded: ended.sessions }, 'password changed');
      return reply.redirect(`${PROFILE_PATH}?password=changed`, 303);
    },
  );
}
