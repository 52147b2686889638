import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

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
export async function sharedRandomBytes(db: Db, name: string, legacyPath?: string): Promise<Buffer> {
  const value = await sharedSecret(
    db,
    name,
    () => randomBytes(32).toString('base64'),
    legacyPath ? { path: legacyPath, encoding: 'base64' } : undefined,
  );
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
