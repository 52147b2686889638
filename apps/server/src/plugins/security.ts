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
/**
 * Browser features the console may use: the camera for the webcam settings, nothing else. Other
 * sites embedding it (it refuses frames anyway) get none. Only features Chromium knows: an unknown one
 * is a warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
].join(', ');

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: { connectTo: readonly string[]; imagesFrom: readonly string[]; https: boolean },
  ) => {
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
      // Only when users reach the server over HTTPS: over plain HTTP the header would be ignored anyway.
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
);
