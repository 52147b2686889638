import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { CONSOLE_NAMESPACE, HUB_PATH } from '@fleet/contract';
import { openDesktopNamespace } from './desktop.ts';
import { openConsoleNamespace } from './console.ts';

/** A handshake or a message larger than this is refused (a token and a device signature fit many times). */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** The message between nodes that a user's rights changed. */
const FORGET_USER = 'forget-user';

/**
 * The live hub (docs/hub.md): socket.io on the server's own port under /api/hub, with the namespaces
 * of consoles and desktop tools. With REDIS_URL, the Redis adapter carries rooms, broadcasts and
 * acknowledgements between nodes, so that any node reaches a device connected to any other.
 */
export const hubPlugin = fp(async (app: FastifyInstance) => {
  const io = new Server(app.server, {
    path: HUB_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // Consoles are served by this server: no other origin connects.
    cors: { origin: false },
  });
  const closers: (() => Promise<unknown>)[] = [];
  if (app.redis) {
    // Published through the node's shared Redis connection; a subscriber needs one of its own.
    const subscriber = app.redis.duplicate();
    subscriber.on('error', (error: Error) => app.log.error({ err: error }, 'hub: Redis connection error'));
    await subscriber.connect();
    io.adapter(createAdapter(app.redis, subscriber));
    closers.push(() => subscriber.close());
  }
  // A user's rights changed on some node: every node forgets the user's checked tokens at once.
  io.on(FORGET_USER, (userId: unknown) => {
    if (typeof userId === 'string') app.forgetUser(userId);
  });
  app.decorate('forgetUserEverywhere', (userId: string) => {
    app.forgetUser(userId);
    if (app.config.redisUrl) io.serverSideEmit(FORGET_USER, userId);
  });
  const desktop = openDesktopNamespace(app, io);
  openConsoleNamespace(app, io, desktop);
  app.decorate('hub', io);
  app.addHook('preClose', async () => {
    // This node's sockets only (with Redis, a plain disconnectSockets would reach every node's), and
    // not io.close(), which would also close the HTTP server that Fastify closes itself.
    for (const namespace of [desktop, io.of(CONSOLE_NAMESPACE)]) namespace.local.disconnectSockets(true);
    io.engine.close();
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    hub: Server;
    /** Makes a change of a user's rights count on their next call, on every node. */
    forgetUserEverywhere(userId: string): void;
  }
}
