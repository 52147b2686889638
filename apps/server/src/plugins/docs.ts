import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@fleet/contract';

/** OpenAPI documentation generated from the routes' zod schemas, at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
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
            description: 'Device <serialNumber>:<key>',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
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
