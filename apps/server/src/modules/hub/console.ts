import type { FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import {
  HUB_METHOD_FEATURES,
  hubMethodArguments,
  mayCallHubMethod,
  type HubAnswer,
  type HubMethod,
} from '@fleet/contract';
import type { z } from 'zod';
import { HttpError, forbidden, unauthorized } from '../../lib/errors.ts';
import { rooms, untilExpiry } from './devices.ts';
import { ackOf, answerUnknownEvents, payloadOf } from './acknowledgements.ts';
import { hubActions } from './actions.ts';
import {
  consoleNamespaceOf,
  type ConsoleData,
  type ConsoleNamespace,
  type MethodHandler,
} from './console-methods.ts';

function argumentsRefused(issues: z.core.$ZodIssue[]): HttpError {
  const named = issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`);
  return new HttpError(400, `Invalid arguments: ${named.join('; ')}`);
}

/** Ends the socket at the token's expiry, unless renewToken brought a fresh one first. */
function watchExpiry(socket: Socket) {
  const data = socket.data as ConsoleData;
  clearTimeout((socket as Socket & { expiry?: NodeJS.Timeout }).expiry);
  const timer = setTimeout(() => socket.disconnect(true), untilExpiry(data.expiresAt));
  (socket as Socket & { expiry?: NodeJS.Timeout }).expiry = timer;
}

/**
 * The consoles' namespace: the access token checked at the handshake and again before each method
 * (a sign-out or a role change is seen within the token cache's 30 s); every method answers through
 * its acknowledgement, `{ok: true, result}` or `{ok: false, status, message}` (docs/hub.md).
 */
export function openConsoleNamespace(app: FastifyInstance, io: Server, desktop: Namespace): ConsoleNamespace {
  const consoles = consoleNamespaceOf(io);
  const handlers = hubActions(app, consoles, desktop);

  consoles.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || !token)
      return next(Object.assign(new Error('Sign-in required'), { data: { status: 401 } }));
    app
      .checkToken(token)
      .then((checked) => {
        if (!checked) return next(Object.assign(new Error('Sign-in required'), { data: { status: 401 } }));
        socket.data = { user: checked.user, token, expiresAt: checked.expiresAt } satisfies ConsoleData;
        next();
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'hub: console handshake failed');
        next(Object.assign(new Error('The hub could not check this connection'), { data: { status: 500 } }));
      });
  });

  const methods = new Set<string>(Object.keys(hubMethodArguments));
  consoles.on('connection', (socket) => {
    void socket.join(rooms.inbox((socket.data as ConsoleData).user.id));
    watchExpiry(socket);
    answerUnknownEvents(socket, methods);
    socket.on('disconnect', () => clearTimeout((socket as Socket & { expiry?: NodeJS.Timeout }).expiry));
    for (const method of Object.keys(hubMethodArguments) as HubMethod[])
      socket.on(method, (...args: unknown[]) => {
        // A call without an acknowledgement cannot be answered: it is not run either.
        const ack = ackOf(args);
        if (!ack) return;
        void answer(socket, method, payloadOf(args)).then(ack);
      });
  });

  async function answer(socket: Socket, method: HubMethod, raw: unknown): Promise<HubAnswer<unknown>> {
    const data = socket.data as ConsoleData;
    try {
      // A renewal brings the token that replaces the one expiring: that one is checked instead.
      if (method !== 'renewToken') {
        const checked = await app.checkToken(data.token);
        if (!checked) {
          setImmediate(() => socket.disconnect(true));
          throw unauthorized('Your session ended: sign in again');
        }
        data.user = checked.user;
      }
      if (!mayCallHubMethod(method, data.user.roles, data.user.disabledFeatures))
        throw forbidden(
          `This needs the ${HUB_METHOD_FEATURES[method]!.map((set) => set.join(' and ')).join(' or ')} feature`,
        );
      const parsed = hubMethodArguments[method].safeParse(raw ?? {});
      if (!parsed.success) throw argumentsRefused(parsed.error.issues);
      const handler = handlers[method] as MethodHandler<HubMethod>;
      const result = await handler(parsed.data as never, data.user, socket);
      if (method === 'renewToken') watchExpiry(socket);
      return { ok: true, result: result ?? {} };
    } catch (error) {
      if (error instanceof HttpError) return { ok: false, status: error.status, message: error.message };
      app.log.error({ err: error, method }, 'hub: method failed');
      return { ok: false, status: 500, message: 'The hub could not do this' };
    }
  }
  return consoles;
}
