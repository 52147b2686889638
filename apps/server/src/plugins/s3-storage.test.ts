import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { eq } from 'drizzle-orm';
import { series } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { startTestBucket, type TestBucket } from '../../test/s3.ts';
import { attachment } from '../lib/media-storage.ts';
import { presignQuery, s3MediaStorage, signV4 } from './s3-storage.ts';

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

  it('is refused by the bucket unsigned, tampered with, expired or signed with a wrong secret', async () => {
    const storage = s3MediaStorage(bucket.options);
    const key = 'screenshots/signed-only.png';
    await storage.put(key, PNG);
    const link = new URL(storage.link(key));
    expect((await fetch(link)).status).toBe(200);

    const plain = `${endpoint}/fleet-media/${key}`;
    expect((await fetch(plain)).status).toBe(403);
    expect((await fetch(plain, { method: 'PUT', body: new Uint8Array(PNG) })).status).toBe(403);

    const tampered = new URL(link);
    const signature = tampered.searchParams.get('X-Amz-Signature')!;
    tampered.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    expect((await fetch(tampered)).status).toBe(403);
    await storage.put('screenshots/another.png', PNG);
    const elsewhere = new URL(link.href.replace('signed-only.png', 'another.png'));
    expect((await fetch(elsewhere)).status).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2 * 3600_000);
    const expired = storage.link(key, 60);
    vi.useRealTimers();
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/expired/i);

    const wrongSecret = s3MediaStorage({ ...bucket.options, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('screenshots/never.png', PNG)).rejects.toThrow(/403/);
    await expect(storage.size('screenshots/never.png')).resolves.toBeNull();
  });

  it('serves a download under its file name through a signed link', async () => {
    const storage = s3MediaStorage(bucket.options);
    await storage.put('exports/fleet-jobs-2026-11.csv', Buffer.from('a,b\n1,2\n'));
    const response = await fetch(storage.link('exports/fleet-jobs-2026-11.csv'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="fleet-jobs-2026-11.csv"');
    expect(await response.text()).toBe('a,b\n1,2\n');
  });

  it('signs a download link with its file name exactly as the AWS SDK signer does', async () => {
    // The fork re-encodes the query without escaping ' and *, so it refuses a link with an RFC 5987 file
    // name (filename*=UTF-8''..., for names beyond ASCII) that S3 itself takes: the AWS SDK's own signer
    // is the reference here.
    const key = 'exports/Relevé d’étalonnage (2026) *final*.csv';
    const at = new Date('2026-11-29T01:02:03Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const ours = new URL(s3MediaStorage(bucket.options).link(key, 900));
    vi.useRealTimers();
    expect(ours.searchParams.get('response-content-disposition')).toBe(attachment(key));

    const signer = new SignatureV4({
      service: 's3',
      region: bucket.options.region,
      credentials: {
        accessKeyId: bucket.options.accessKeyId,
        secretAccessKey: bucket.options.secretAccessKey,
      },
      sha256: Hash.bind(null, 'sha256'),
      uriEscapePath: true,
      applyChecksum: false,
    });
    const reference = await signer.presign(
      new HttpRequest({
        method: 'GET',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: Number(new URL(endpoint).port),
        path: `/fleet-media/${key}`,
        query: { 'response-content-disposition': attachment(key) },
        // As the SDK's S3 presigner does: an unsigned payload, the header neither signed nor in the query.
        headers: { host: new URL(endpoint).host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      }),
      {
        signingDate: at,
        expiresIn: 900,
        unsignableHeaders: new Set(['x-amz-content-sha256']),
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    expect(ours.pathname).toBe(
      encodeURI(`/fleet-media/${key}`).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    );
    expect(ours.searchParams.get('X-Amz-Credential')).toBe(reference.query?.['X-Amz-Credential']);
    expect(ours.searchParams.get('X-Amz-Signature')).toBe(reference.query?.['X-Amz-Signature']);
  });

  it('needs all four settings together', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'x-bucket' })).toThrow(/go together/);
  });
});
