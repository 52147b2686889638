import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../lib/errors.ts';
import { attachment } from '../lib/media-storage.ts';
import { isDownload } from '../lib/media-storage.ts';
import type { MediaStorage } from '../lib/media-storage.ts';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** AWS URI encoding: every byte but unreserved characters; slashes kept in paths. */
function encode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

export interface SigningRequest {
  method: string;
  path: string;
  query: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
}

/** Signature Version 4 of one request. */
export function signV4(request: SigningRequest, credentials: { region: string; secretAccessKey: string }) {
  const day = request.amzDate.slice(0, 8);
  const names = Object.keys(request.headers).sort();
  const canonical = [
    request.method,
    request.path,
    request.query,
    ...names.map((name) => `${name}:${request.headers[name]!.trim()}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', request.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  return {
    signature: createHmac('sha256', key).update(toSign).digest('hex'),
    signedHeaders: names.join(';'),
  };
}

/** The canonical (sorted, encoded) query string of a presigned link. */
export function presignQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${encode(name)}=${encode(params[name]!)}`)
    .join('&');
}

function amzDateOf(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface S3MediaStorage extends MediaStorage {
  /** Stores a file from disk, streamed; the file stays (a copy, as the move-up makes). */
  upload(key: string, file: string): Promise<void>;
  /** The stored object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
}

/**
 * Media in an S3-compatible bucket (path-style addressing), with Signature Version 4 requests and
 * presigned links, so the browser reads images from the bucket itself.
 */
export function s3MediaStorage(options: S3Options): S3MediaStorage {
  const endpoint = new URL(options.endpoint);
  const objectPath = (key: string) =>
    `${endpoint.pathname.replace(/\/$/, '')}/${encode(options.bucket)}/${encode(key, true)}`;
  const scopeOf = (amzDate: string) => `${amzDate.slice(0, 8)}/${options.region}/s3/aws4_request`;

  async function send(
    method: 'PUT' | 'GET' | 'DELETE' | 'HEAD',
    key: string,
    body?: Buffer,
  ): Promise<Response> {
    const payloadHash = sha256(body ?? '');
    const path = objectPath(key);
    const headers = {
      host: endpoint.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDateOf(new Date()),
    };
    return fetch(`${endpoint.origin}${path}`, {
      method,
      headers: {
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': headers['x-amz-date'],
        authorization: authorization(method, path, headers, payloadHash),
      },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  }

  function authorization(method: string, path: string, headers: Record<string, string>, payloadHash: string) {
    const amzDate = headers['x-amz-date']!;
    const { signature, signedHeaders } = signV4(
      { method, path, query: '', headers, payloadHash, amzDate },
      options,
    );
    return `AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/${scopeOf(amzDate)}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  }

  /** A file streamed from disk with its length known, its body left unsigned (SigV4 allows it). */
  async function putStream(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    const path = objectPath(key);
    const payloadHash = 'UNSIGNED-PAYLOAD';
    const headers = {
      host: endpoint.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDateOf(new Date()),
    };
    const client = endpoint.protocol === 'https:' ? https : http;
    const request = client.request(`${endpoint.origin}${path}`, {
      method: 'PUT',
      headers: {
        ...headers,
        'content-length': String(size),
        authorization: authorization('PUT', path, headers, payloadHash),
      },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    await pipeline(createReadStream(file), request);
    const response = await answered;
    let text = '';
    for await (const chunk of response) text += String(chunk);
    if ((response.statusCode ?? 500) >= 300)
      throw new Error(`storing ${key}: S3 answered ${response.statusCode} ${text}`.slice(0, 300));
  }

  async function expectOk(response: Response, what: string) {
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new Error(`${what}: S3 answered ${response.status} ${text}`.slice(0, 300));
    }
  }

  return {
    async put(key, bytes) {
      await expectOk(await send('PUT', key, bytes), `storing ${key}`);
    },
    async putFile(key, file) {
      await putStream(key, file);
      await rm(file, { force: true });
    },
    upload: putStream,
    async size(key) {
      const response = await send('HEAD', key);
      if (response.status === 404) return null;
      await expectOk(response, `looking up ${key}`);
      return Number(response.headers.get('content-length'));
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) throw notFound('No such media');
      await expectOk(response, `reading ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (response.status !== 404) await expectOk(response, `deleting ${key}`);
    },
    link(key, ttlSeconds = 15 * 60) {
      const amzDate = amzDateOf(new Date());
      const path = objectPath(key);
      const query = presignQuery({
        'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
        'X-Amz-Credential': `${options.accessKeyId}/${scopeOf(amzDate)}`,
        'X-Amz-Date': amzDate,
        'X-Amz-Expires': String(ttlSeconds),
        'X-Amz-SignedHeaders': 'host',
        ...(isDownload(key) ? { 'response-content-disposition': attachment(key) } : {}),
      });
      const { signature } = signV4(
        {
          method: 'GET',
          path,
          query,
          headers: { host: endpoint.host },
          payloadHash: 'UNSIGNED-PAYLOAD',
          amzDate,
        },
        options,
      );
      return `${endpoint.origin}${path}?${query}&X-Amz-Signature=${signature}`;
    },
  };
}
