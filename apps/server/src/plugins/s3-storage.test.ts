import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { series } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { startTestBucket, type TestBucket } from '../../test/s3.ts';
import { presignQuery, signV4 } from './s3-storage.ts';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let bucket: TestBucket;
let endpoint: string;
let server: TestServer;

beforeAll(async () => {
  bucket = await startTestBucket();
  endpoint = bucket.options.endpoint;
  server = await startTestServer(bucket.env);
});

afterAll(async () => {
  await server?.close();
  await bucket?.stop();
});

describe('media in an S3-compatible bucket', () => {
  it('stores screenshots in the bucket, links them with presigned URLs, and deletes them there', async () => {
    const [device] = await server.database.db
      .select()
      .from(series)
      .where(eq(series.deviceStatus, 'A'))
      .limit(1);
    const uploaded = await server.asDevice(device!.serialNumber, {
      url: '/api/devices/screenshots',
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const list = await server.call('support-user', 'GET', `/api/Screenshots/${device!.serialNumber}`);
    const [shot] = list.json().data;
    expect(shot.mediaLink.startsWith(`${endpoint}/fleet-media/screenshots/`)).toBe(true);
    expect(shot.mediaLink).toContain('X-Amz-Signature=');

    const image = await fetch(shot.mediaLink);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const headers = (await server.call('support-user', 'GET', '/api/health')).headers;
    expect(headers['content-security-policy']).toContain(endpoint);

    expect(
      (await server.call('support-user', 'DELETE', `/api/Screenshots?ScreenshotName=${shot.name}`))
        .statusCode,
    ).toBe(204);
    expect((await fetch(shot.mediaLink)).status).toBe(404);
  });

  it('signs as the AWS Signature Version 4 examples do', () => {
    const credentials = { region: 'us-east-1', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
    const query = presignQuery({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
    });
    const presigned = signV4(
      {
        method: 'GET',
        path: '/test.txt',
        query,
        headers: { host: 'examplebucket.s3.amazonaws.com' },
        payloadHash: 'UNSIGNED-PAYLOAD',
        amzDate: '20130524T000000Z',
      },
      credentials,
    );
    expect(presigned.signature).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const header = signV4(
      {
        method: 'GET',
        path: '/test.txt',
        query: '',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
        amzDate: '20130524T000000Z',
      },
      credentials,
    );
    expect(header.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(header.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
  });

  it('needs all four settings together', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'x-bucket' })).toThrow(/go together/);
  });
});
