import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { sharedRandomBytes, sharedSecret } from './server-secrets.ts';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openDatabase({});
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
  expect(await sharedRandomBytes(database.db, 'old', path.join(dir, 'old-key'))).toEqual(bytes);
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
