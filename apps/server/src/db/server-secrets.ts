import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { serverSecrets } from './schema.ts';

/** The files in DATA_DIR where starts before the secrets moved into the database kept them. */
export const LEGACY_SECRET_FILES = {
  'idp-keys': { file: 'idp-keys.json', encoding: 'utf8' },
  'media-key': { file: 'media-key', encoding: 'base64' },
  'payment-webhook-secret': { file: 'payment-webhook-secret', encoding: 'base64' },
} as const;

export type SecretName = keyof typeof LEGACY_SECRET_FILES;

/** Where an older start kept this secret in the data directory. */
export function legacySecretFile(dataDir: string, name: SecretName) {
  const { file, encoding } = LEGACY_SECRET_FILES[name];
  return { path: path.join(dataDir, file), encoding };
}

/**
 * Takes every secret file an older start left in DATA_DIR into the database, unless the database has
 * that secret already: the move-up runs it before copying, so the secrets move with the tables even
 * when no server of this version started on the data directory. Answers the names taken over.
 */
export async function adoptLegacySecrets(db: Db, dataDir: string): Promise<SecretName[]> {
  const adopted: SecretName[] = [];
  for (const name of Object.keys(LEGACY_SECRET_FILES) as SecretName[]) {
    if ((await read(db, name)) !== undefined) continue;
    const value = await readLegacy(legacySecretFile(dataDir, name));
    if (value === null) continue;
    await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
    adopted.push(name);
  }
  return adopted;
}

/**
 * A secret shared by every node (docs/scaling.md), kept in the database. The first node to need it
 * takes it from the file an older start left in DATA_DIR (so that sessions and links stay valid), else
 * makes it; when two nodes start together, the first insert wins and both answer the winner's value.
 */
export async function sharedSecret(
  db: Db,
  name: string,
  make: () => string | Promise<string>,
  legacyFile?: { path: string; encoding: 'utf8' | 'base64' },
): Promise<string> {
  const stored = await read(db, name);
  if (stored !== undefined) return stored;
  const value = (legacyFile && (await readLegacy(legacyFile))) ?? (await make());
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  return (await read(db, name))!;
}

/** A random 32-byte secret, shared by every node (a file of raw bytes from an older start is taken over). */
export async function sharedRandomBytes(
  db: Db,
  name: string,
  legacyFile?: { path: string; encoding: 'utf8' | 'base64' },
): Promise<Buffer> {
  const value = await sharedSecret(db, name, () => randomBytes(32).toString('base64'), legacyFile);
  return Buffer.from(value, 'base64');
}

async function read(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row?.value;
}

async function readLegacy(file: { path: string; encoding: 'utf8' | 'base64' }): Promise<string | null> {
  try {
    const bytes = await readFile(file.path);
    return bytes.length > 0 ? bytes.toString(file.encoding) : null;
  } catch {
    return null;
  }
}
