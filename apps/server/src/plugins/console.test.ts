import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from './compression.ts';
import { consolePlugin } from './console.ts';

let app: FastifyInstance;
let webDir: string;
const BUNDLE = 'console.log("the console");\n'.repeat(200);

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'fleet-console-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><script src="/console/assets/app-1a2b.js"></script>',
  );
  await writeFile(path.join(webDir, 'assets', 'app-1a2b.js'), BUNDLE);
  // What the build writes beside each bundle.
  await writeFile(path.join(webDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(BUNDLE));
  await writeFile(path.join(webDir, 'assets', 'app-1a2b.js.gz'), gzipSync(BUNDLE));
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg/>');
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(compressionPlugin);
  const builtIn = {
    name: 'built-in',
    label: 'Fleet Console',
    authority: 'http://localhost/idp',
    clientId: 'console',
    scope: 'openid profile email',
  };
  await app.register(consolePlugin, {
    basePath: '/console',
    webDir,
    appSettings: {
      variant: 'tool-equipment',
      languages: ['en'],
      authentication: { name: 'built-in', others: [builtIn] },
      errorReporting: { dsn: null },
      links: { profile: null, privacy: null },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the console as served', () => {
  it('lets a browser keep a hashed bundle for a year without asking again', async () => {
    const bundle = await app.inject({ url: '/console/assets/app-1a2b.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file the build compressed to a browser that accepts it, with the same headers', async () => {
    const url = '/console/assets/app-1a2b.js';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('has the browser check the page, its version and any other file at each use', async () => {
    for (const url of [
      '/console/',
      '/console/series/devices',
      '/console/favicon.svg',
      '/console/version.json',
    ]) {
      const answer = await app.inject({ url, headers: { accept: 'text/html' } });
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.headers['cache-control'], url).toMatch(/no-cache/);
    }
  });
});
