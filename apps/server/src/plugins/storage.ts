import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { attachment, isDownload, type MediaStorage } from '../lib/media-storage.ts';
import { legacySecretFile, sharedRandomBytes } from '../db/server-secrets.ts';
import type { WorkArea } from '../lib/work-files.ts';
import type { Db } from '../db/client.ts';
import { s3MediaStorage, type S3Options } from './s3-storage.ts';

const KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,250}$/;
const LINK_SECONDS = 15 * 60;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw notFound('No such media');
  return key;
}

/** A file only ever appears at its key whole: a kill while it is written leaves a work file, swept later. */
async function writeThenRename(work: WorkArea, target: string, write: (file: string) => Promise<void>) {
  const file = work.file('media-');
  try {
    await write(file.path);
    await rename(file.path, target);
  } finally {
    await file.release();
  }
}

/** Files under DATA_DIR/media, links signed with a secret every node shares. */
export async function localMediaStorage(
  db: Db,
  dataDir: string,
  /** On the media's own disk: a file is written whole there, then renamed to its key. */
  work: WorkArea,
): Promise<
  MediaStorage & {
    verify(key: string, expires: number, signature: string): boolean;
    /** A stored file as a stream (large exports); a 404 when there is none. */
    stream(key: string): Promise<Readable>;
  }
> {
  const root = path.join(dataDir, 'media');
  const secret = await sharedRandomBytes(db, 'media-key', legacySecretFile(dataDir, 'media-key'));
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    async put(key, bytes) {
      const target = path.join(root, checkKey(key));
      await mkdir(path.dirname(target), { recursive: true });
      await writeThenRename(work, target, (file) => writeFile(file, bytes));
    },
    async putFile(key, file) {
      const target = path.join(root, checkKey(key));
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await writeThenRename(work, target, (copy) => copyFile(file, copy));
        await rm(file, { force: true });
      }
    },
    async stream(key) {
      const file = path.join(root, checkKey(key));
      try {
        await stat(file);
      } catch {
        throw notFound('No such media');
      }
      return createReadStream(file);
    },
    async get(key) {
      try {
        return await readFile(path.join(root, checkKey(key)));
      } catch {
        throw notFound('No such media');
      }
    },
    async delete(key) {
      await rm(path.join(root, checkKey(key)), { force: true });
    },
    link(key, ttlSeconds = LINK_SECONDS) {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `/api/media/${encodeURIComponent(key)}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    verify(key, expires, signature) {
      if (expires < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.csv': 'text/csv; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pdf': 'application/pdf',
  '.html': 'text/html; charset=utf-8',
};

export const storagePlugin = fp(
  async (app: FastifyInstance, options: { dataDir: string; s3: S3Options | null }) => {
    if (options.s3) {
      // The browser reads from the bucket through presigned links: no media route here.
      app.decorate('media', s3MediaStorage(options.s3));
      return;
    }
    if (app.config.redisUrl)
      app.log.warn(
        'several nodes (REDIS_URL) keep media on their local disk: every node must see the same DATA_DIR/media (a shared volume), or set MEDIA_S3_* (docs/scaling.md)',
      );
    const storage = await localMediaStorage(app.database.db, options.dataDir, app.workFiles.media!);
    app.decorate('media', storage);
    app.get(
      '/api/media/:key',
      {
        // Public by design: the signature in the link is the permission, and it expires.
        config: { access: 'public' },
        schema: {
          operationId: 'getMedia',
          tags: ['media'],
          summary: 'A media file, through an expiring signed link',
          params: z.object({ key: z.string().min(1).max(300).describe('The media key, URL-encoded') }),
          querystring: z.object({
            expires: z.coerce.number().int().min(0).max(4_102_444_800),
            signature: z.string().max(100),
          }),
          response: {
            200: {
              description: 'The file',
              content: Object.fromEntries(
                [...new Set(Object.values(CONTENT_TYPES))].map((type) => [
                  type,
                  { schema: z.string().meta({ format: 'binary' }) },
                ]),
              ),
            },
          },
        },
      },
      async (request, reply) => {
        const { key } = request.params as { key: string };
        const { expires, signature } = request.query as { expires: number; signature: string };
        if (!storage.verify(key, expires, signature)) throw notFound('This link has expired or is not valid');
        const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
        reply.type(type).header('cache-control', 'private, max-age=600');
        if (isDownload(key))
          return reply.header('content-disposition', attachment(key)).send(await storage.stream(key));
        return reply.send(await storage.get(key));
      },
    );
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStorage;
  }
}
