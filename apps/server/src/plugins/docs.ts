import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, DEVICE_CLOCK_WINDOW_MS } from '@fleet/contract';
import { completeDocument, documentOperation } from '../lib/operation-docs.ts';

const DEVICE_SCHEME =
  "The device protocol: every request signed with the device's Ed25519 key, in the header " +
  '`Authorization: Device sn=<serial number>,ts=<unix time in ms>,nonce=<16 to 64 base64url characters>,sig=<base64url signature>`. ' +
  'The signature is over five lines joined by a line feed: the method in capitals, the path with its query as sent, ts, ' +
  'the nonce, and the hex SHA-256 of the body as sent (of no bytes when there is none). The private key is issued once ' +
  '(POST /api/Series/{serialNumber}/device-key); the server keeps only the public half. Refused (401) when ts is more ' +
  `than ${DEVICE_CLOCK_WINDOW_MS / 60_000} minutes from the server's time (every answer's Date header gives it), when ` +
  'the nonce was used in that window, when the signature does not match, or when the device is unknown, blacklisted, ' +
  'discarded or recycled.';

/** OpenAPI documentation generated from the routes' zod schemas, at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      // 3.1: the events sent to integrators' endpoints are the document's `webhooks` (operation-docs.ts).
      openapi: '3.1.0',
      info: {
        title: 'Fleet Console API',
        version: APP_VERSION,
        description: 'API of the Fleet Console. Errors are {status, message, details?}.',
        license: { name: 'Proprietary', url: `${app.config.publicUrl}${app.config.basePath}/about` },
      },
      servers: [{ url: app.config.publicUrl, description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          device: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: DEVICE_SCHEME,
          },
        },
      },
    },
    transform: documentOperation,
    transformObject: completeDocument,
  });
  await app.register(async (docs) => {
    // The documentation pages are public by declaration of this plugin.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
      route.schema = { ...route.schema, hide: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
