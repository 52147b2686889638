import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE_BYTES, compressionPlugin } from './compression.ts';

let app: FastifyInstance;
const rows = Array.from({ length: 200 }, (_, index) => ({
  id: index,
  serialNumber: `SN${index}`,
  online: true,
}));
const csv = rows.map((row) => `${row.id};${row.serialNumber}`).join('\n');

beforeAll(async () => {
  app = Fastify();
  await app.register(compressionPlugin);
  app.get('/big', async () => rows);
  app.get('/small', async () => ({ ok: true }));
  app.get('/csv', async (_request, reply) => reply.type('text/csv').send(Readable.from([csv])));
  app.get('/picture', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(50_000, 1)));
  app.get('/archive', async (_request, reply) =>
    reply.type('application/zip').send(Readable.from([Buffer.alloc(50_000, 2)])),
  );
  app.post('/echo', async (request) => request.body);
  app.get('/idp/interaction/a1/login', async (_request, reply) => reply.type('text/html').send(csv));
});
afterAll(async () => app?.close());

const accepting = { 'accept-encoding': 'gzip, deflate, br' };

describe('compressed answers', () => {
  it('packs JSON above the threshold with brotli, or gzip for clients without it, and says so', async () => {
    const brotli = await app.inject({ url: '/big', headers: accepting });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(rows);
    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(rows);
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(rows);
  });

  it('sends small answers as they are', async () => {
    const small = await app.inject({ url: '/small', headers: accepting });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('packs streamed text, and leaves formats compressed by nature as they are', async () => {
    const text = await app.inject({ url: '/csv', headers: accepting });
    expect(text.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(text.rawPayload).toString()).toBe(csv);
    for (const url of ['/picture', '/archive']) {
      const answer = await app.inject({ url, headers: accepting });
      expect([url, answer.headers['content-encoding']]).toEqual([url, undefined]);
      expect(answer.rawPayload.length).toBe(50_000);
    }
  });

  it('never packs the identity provider’s pages', async () => {
    const page = await app.inject({ url: '/idp/interaction/a1/login', headers: accepting });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toBe(csv);
  });

  it('takes a request body as sent: a compressed one is not unpacked', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ a: 1 })),
    });
    expect(answer.statusCode).toBe(400);
  });
});
