import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APP_VERSION,
  appSettingsSchema,
  versionInfoSchema,
  type AppSettings,
  type VersionInfo,
} from '@fleet/contract';
import { HttpError, notFound } from '../lib/errors.ts';

export interface ConsoleOptions {
  basePath: string;
  webDir: string;
  appSettings: AppSettings;
}

/** The build id changes with every console build: its index.html names hashed bundles. */
function buildId(indexHtml: string | null): string {
  return indexHtml ? createHash('sha256').update(indexHtml).digest('hex').slice(0, 12) : 'unbuilt';
}

function wantsPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

/** Serves the built console under BASE_PATH with history fallback, its version and appsettings. */
export async function consolePlugin(app: FastifyInstance, options: ConsoleOptions) {
  const { basePath, webDir, appSettings } = options;
  const indexFile = path.join(webDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const version: VersionInfo = { version: APP_VERSION, build: buildId(indexHtml) };
  if (!indexHtml) app.log.warn({ webDir }, 'the console is not built: run `npm run build`');

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${basePath}/version.json`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['console'],
        operationId: 'getConsoleVersion',
        summary:
          'The version and build of the console (never cached: the console checks it every 30 minutes)',
        response: { 200: versionInfoSchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache, no-store, must-revalidate').send(version),
  );
  routes.get(
    `${basePath}/appsettings/appsettings.json`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['console'],
        operationId: 'getConsoleSettings',
        summary: 'What the console loads at start: variant, languages, identity providers, links',
        response: { 200: appSettingsSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(appSettings),
  );
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${basePath}/`));

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) throw new HttpError(503, 'The console is not built: run npm run build');
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  };

  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: `${basePath}/`,
      index: false,
      wildcard: true,
      // The build writes `.br` and `.gz` beside each file: sent in its place to a browser that accepts it.
      preCompressed: true,
      // Our own header, not the static server's (it would put `max-age=0` over it): a bundle's name
      // holds its hash, so it never changes; any other file is checked again at each use.
      cacheControl: false,
      setHeaders: (reply, file) => {
        // One address, several encodings: a shared cache must keep them apart.
        reply.header('vary', 'accept-encoding');
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get(`${basePath}/`, { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith(`${basePath}/`) && wantsPage(request) && !url.startsWith(`${basePath}/assets/`))
      return sendIndex(reply);
    throw notFound(`No route ${request.method} ${url}`);
  });
}
