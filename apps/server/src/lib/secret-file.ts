import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A random 32-byte secret kept in DATA_DIR under `name` (mode 0600), made on first use. */
export async function secretFile(dataDir: string, name: string): Promise<Buffer> {
  const file = path.join(dataDir, name);
  try {
    return await readFile(file);
  } catch {
    const secret = randomBytes(32);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return readFile(file);
  }
}
