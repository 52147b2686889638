import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Variant } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { meta, series } from '../db/schema.ts';
import { demoSerialNumbers } from '@fleet/device-kit/demo-fleet';
import { newDeviceKey } from '@fleet/device-kit/device-keys';

/** The demo fleet's private device keys, for the device simulator only: `{serialNumber: privateKey}`. */
export const DEMO_KEYS_FILE = 'demo-device-keys.json';

export async function readDemoDeviceKeys(file: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

async function writeDemoDeviceKeys(file: string, keys: Record<string, string>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await writeFile(temporary, JSON.stringify(keys), { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

const BATCH = 1000;

/**
 * Gives every device of the demo fleet a random key it does not have yet: the public half goes to
 * the database, the private half to the keys file the simulator reads (readable by this user only).
 * Devices outside the demo fleet are never touched: their keys are issued one by one.
 */
export async function ensureDemoDeviceKeys(db: Db, file: string): Promise<number> {
  const [seeded] = await db.select().from(meta).where(eq(meta.key, 'seed'));
  const fleet = seeded?.value as { seed: number; devices: number; variant?: Variant } | undefined;
  if (!fleet) return 0;
  const keys = await readDemoDeviceKeys(file);
  const wanted = demoSerialNumbers(fleet.seed, fleet.devices, fleet.variant).filter(
    (serialNumber) => !keys[serialNumber],
  );
  let issued = 0;
  for (let start = 0; start < wanted.length; start += BATCH) {
    const batch = wanted.slice(start, start + BATCH);
    const present = await db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .where(inArray(series.serialNumber, batch));
    const pairs = present.map(({ serialNumber }) => ({ serialNumber, ...newDeviceKey() }));
    if (pairs.length === 0) continue;
    // Arrays travel as text literals: PGlite mis-serialises array parameters.
    const serials = `{${pairs.map((p) => p.serialNumber).join(',')}}`;
    const publics = `{${pairs.map((p) => p.publicKey).join(',')}}`;
    await db.execute(sql`
      update series set device_public_key = issued.public_key
      from unnest(${serials}::text::text[], ${publics}::text::text[]) as issued(serial_number, public_key)
      where series.serial_number = issued.serial_number`);
    for (const pair of pairs) keys[pair.serialNumber] = pair.privateKey;
    issued += pairs.length;
  }
  if (issued > 0) await writeDemoDeviceKeys(file, keys);
  return issued;
}
