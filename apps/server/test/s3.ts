import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Options } from '../src/plugins/s3-storage.ts';

export interface TestBucket {
  /** What the server's S3 client takes. */
  options: S3Options;
  /** The same as the server's settings. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const ANONYMOUS_REFUSED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`;

/**
 * A throw-away S3 server on 127.0.0.1 with one private bucket: `@20minutes/s3rver`, which checks
 * Signature Version 4 (a tampered, expired or wrongly keyed request gets 403) but lets a request with no
 * signature at all through as anonymous. A private bucket refuses those, as a real one does: the guard
 * put first answers them 403 before the fork sees them.
 */
export async function startTestBucket(name = 'fleet-media'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fleet-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name }],
  });
  s3.middleware.unshift(async (ctx, next) => {
    if (ctx.get('authorization') || ctx.query['X-Amz-Signature']) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = ANONYMOUS_REFUSED;
  });
  const { port } = await s3.run();
  const options: S3Options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: name,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    options,
    env: {
      MEDIA_S3_ENDPOINT: options.endpoint,
      MEDIA_S3_BUCKET: options.bucket,
      MEDIA_S3_ACCESS_KEY_ID: options.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: options.secretAccessKey,
    },
    async stop() {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
