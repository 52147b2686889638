import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { openEmptyDatabase } from '../../test/helpers.ts';
import { adoptLegacySecrets, sharedRandomBytes, sharedSecret } from './server-secrets.ts';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openEmptyDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'fleet-secrets-'));
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

it('makes a secret once and answers the same one to every later caller', async () => {
  const first = await sharedRandomBytes(database.db, 'made');
  expect(first).toHaveLength(32);
  expect(await sharedRandomBytes(database.db, 'made')).toEqual(first);
});

it('answers the first writer\u2019s value to nodes that start together', async () => {
  let made = 0;
  const make = () => `value-${++made}`;
  const values = await Promise.all([1, 2, 3].map(() => sharedSecret(database.db, 'raced', make)));
  expect(new Set(values).size).toBe(1);
});

it('takes over the file an older start left in the data directory', async () => {
  const bytes = Buffer.from('0123456789abcdef0123456789abcdef');
  await writeFile(path.join(dir, 'old-key'), bytes);
  expect(
    await sharedRandomBytes(database.db, 'old', { path: path.join(dir, 'old-key'), encoding: 'base64' }),
  ).toEqual(bytes);
  const json = '{"signing":[]}';
  await writeFile(path.join(dir, 'old.json'), json);
  const value = await sharedSecret(database.db, 'old-json', () => 'new', {
    path: path.join(dir, 'old.json'),
    encoding: 'utf8',
  });
  expect(value).toBe(json);
});

it('makes a new secret when the old file is missing', async () => {
  const value = await sharedSecret(database.db, 'fresh', () => 'made', {
    path: path.join(dir, 'none'),
    encoding: 'utf8',
  });
  expect(value).toBe('made');
});

it('takes the files of an older start into the database before a move, leaving secrets it has alone', async () => {
  const old = await mkdtemp(path.join(tmpdir(), 'fleet-secrets-old-'));
  try {
    await writeFile(path.join(old, 'idp-keys.json'), '{"signing":["old"]}');
    await writeFile(path.join(old, 'media-key'), Buffer.alloc(32, 7));
    await writeFile(path.join(old, 'payment-webhook-secret'), Buffer.alloc(32, 9));
    const kept = await sharedSecret(database.db, 'payment-webhook-secret', () => 'already here');
    expect(await adoptLegacySecrets(database.db, old)).toEqual(['idp-keys', 'media-key']);
    expect(await sharedSecret(database.db, 'idp-keys', () => 'new')).toBe('{"signing":["old"]}');
    expect(await sharedRandomBytes(database.db, 'media-key')).toEqual(Buffer.alloc(32, 7));
    expect(await sharedSecret(database.db, 'payment-webhook-secret', () => 'new')).toBe(kept);
  } finally {
    await rm(old, { recursive: true, force: true });
  }
});
