import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IDP_PREFIX } from '../idp/idp-paths.ts';

/** Answers smaller than this go as they are: headers and the work cost more than the bytes saved. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Compresses answers for the clients that accept it, brotli first, then gzip: JSON, text and CSV above a
 * kilobyte, streamed ones too. Formats compressed by nature (images, PDF, zip, workbooks) and files the
 * build compressed already go as they are; the hub and the identity provider's own answers do not pass
 * here, nor do the sign-in pages, which carry a session's form and echo what was typed (compressed, their
 * size could leak the one through the other). Request bodies are taken as sent: a compressed body would
 * only open the door to zip bombs. Registered before any route: the plugin hooks each route as it is added.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (route.url === IDP_PREFIX || route.url.startsWith(`${IDP_PREFIX}/`)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli's quality 4 packs JSON about as well as gzip's best, several times faster.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
});
