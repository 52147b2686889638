import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

function origins(urls: readonly string[]): string[] {
  return [
    ...new Set(
      urls.flatMap((url) => {
        try {
          return [new URL(url).origin];
        } catch {
          return [];
        }
      }),
    ),
  ];
}

/**
 * Security headers and the content security policy. The console talks to its own origin, to
 * external identity providers and to the error-reporting service, nothing else.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { connectTo: readonly string[]; imagesFrom: readonly string[] }) => {
    const connect = origins(options.connectTo);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets inline style attributes and CSS variables.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...origins(options.imagesFrom)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...connect],
          frameSrc: ["'self'", ...connect],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          formAction: ["'self'", ...connect],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
  },
);
