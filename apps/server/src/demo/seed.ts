import { count, eq, sql } from 'drizzle-orm';
import {
  ANY_DEVICE_TYPE,
  billingCurrencyOfCountry,
  DEFAULT_CERTIFICATE_TEMPLATE,
  ROLE_CATALOGUE,
  ROLE_CODES,
  seesWholeFleet,
  type CompanyKind,
  type RoleCode,
  type Variant,
} from '@fleet/contract';
import { hashPassword } from '../lib/passwords.ts';
import { groupedBy } from '../lib/grouped.ts';
import type { Db } from '../db/client.ts';
import { SeededRandom } from '@fleet/device-kit/random';
import { demoDeviceIdentity, derivedSeed } from '@fleet/device-kit/demo-fleet';
import { seedCommerce } from './seed-commerce.ts';
import { seedDashboards } from './seed-dashboards.ts';
import { seedTranslations } from './seed-translations.ts';
import { deviceHistory } from './seed-history.ts';
import { JOBS_PER_DEVICE, seedAssociations, seedJobs } from './seed-jobs.ts';
import * as t from '../db/schema.ts';

export const DEMO_PASSWORD = 'demo';

interface CompanySeed {
  code: string;
  name: string;
  country: string;
  /** Share of the fleet this company owns. */
  weight: number;
  kind?: CompanyKind;
}

/** The customer and series-user demo users belong to DEMO-CUSTOMER; partners to DEMO-PARTNER. */
export const DEMO_CUSTOMER = 'DEMO-CUSTOMER';
export const DEMO_PARTNER = 'DEMO-PARTNER';
export const MANUFACTURER = 'FLEET-INSTRUMENTS';

const COMPANIES: readonly CompanySeed[] = [
  { code: MANUFACTURER, name: 'Fleet Instruments', country: 'FR', weight: 0, kind: 'maker' },
  { code: DEMO_CUSTOMER, name: 'Atelier Durand Automobiles', country: 'FR', weight: 6 },
  { code: DEMO_PARTNER, name: 'Northwind Calibration Services', country: 'GB', weight: 2, kind: 'partner' },
  { code: 'AUTOHAUS-KELLER', name: 'Autohaus Keller GmbH', country: 'DE', weight: 14 },
  { code: 'RAPIDTIRE', name: 'RapidTire Centers Inc.', country: 'US', weight: 22 },
  { code: 'TALLERES-GARCIA', name: 'Talleres García S.L.', country: 'ES', weight: 10 },
  { code: 'OFICINA-SILVA', name: 'Oficina Silva & Filhos', country: 'PT', weight: 8 },
  { code: 'HUAXIA-AUTO', name: 'Huaxia Auto Service Co.', country: 'CN', weight: 14 },
  { code: 'MAPLE-FLEET', name: 'Maple Fleet Maintenance', country: 'CA', weight: 12 },
];

const GROUPS = ['Europe', 'North America', 'Asia Pacific', 'Latin America', 'OEM Partners'] as const;

const COUNTRY_GROUP: Record<string, (typeof GROUPS)[number]> = {
  FR: 'Europe',
  GB: 'Europe',
  DE: 'Europe',
  ES: 'Europe',
  PT: 'Europe',
  US: 'North America',
  CA: 'North America',
  CN: 'Asia Pacific',
};

const COUNTRY_LANGUAGE: Record<string, string> = {
  FR: 'fr',
  GB: 'en',
  DE: 'de',
  ES: 'es',
  PT: 'pt',
  US: 'en',
  CA: 'en',
  CN: 'zh-CN',
};

interface Place {
  city: string;
  postalCode: string;
  /** State or province, where the country's addresses name one. */
  area?: string;
}

/** Real places, with postal codes written as each country writes them. */
const PLACES: Record<string, readonly Place[]> = {
  FR: [
    { city: 'Lyon', postalCode: '69002' },
    { city: 'Paris', postalCode: '75002' },
    { city: 'Nantes', postalCode: '44000' },
    { city: 'Lille', postalCode: '59000' },
    { city: 'Bordeaux', postalCode: '33000' },
  ],
  GB: [
    { city: 'Leeds', postalCode: 'LS1 4AP' },
    { city: 'Bristol', postalCode: 'BS1 4DJ' },
    { city: 'Manchester', postalCode: 'M1 1AE' },
  ],
  DE: [
    { city: 'München', postalCode: '80331' },
    { city: 'Köln', postalCode: '50667' },
    { city: 'Hamburg', postalCode: '20095' },
    { city: 'Stuttgart', postalCode: '70173' },
  ],
  ES: [
    { city: 'Madrid', postalCode: '28013' },
    { city: 'Valencia', postalCode: '46002' },
    { city: 'Sevilla', postalCode: '41004' },
  ],
  PT: [
    { city: 'Porto', postalCode: '4000-322' },
    { city: 'Lisboa', postalCode: '1100-148' },
    { city: 'Braga', postalCode: '4700-435' },
  ],
  US: [
    { city: 'Austin', postalCode: '78701', area: 'TX' },
    { city: 'Denver', postalCode: '80202', area: 'CO' },
    { city: 'Columbus', postalCode: '43215', area: 'OH' },
    { city: 'Phoenix', postalCode: '85004', area: 'AZ' },
    { city: 'Raleigh', postalCode: '27601', area: 'NC' },
  ],
  CA: [
    { city: 'Toronto', postalCode: 'M5V 2T6', area: 'ON' },
    { city: 'Calgary', postalCode: 'T2P 1J9', area: 'AB' },
    { city: 'Ottawa', postalCode: 'K1P 1J1', area: 'ON' },
  ],
  CN: [
    { city: 'Shanghai', postalCode: '200001' },
    { city: 'Shenzhen', postalCode: '518000', area: 'Guangdong' },
    { city: 'Chengdu', postalCode: '610000', area: 'Sichuan' },
  ],
};

const ACCESSORY_FAMILIES: Record<Variant, readonly { family: string; description: string }[]> = {
  'tool-equipment': [
    { family: 'TPS', description: 'TPMS sensor programming module' },
    { family: 'OBD', description: 'OBD-II vehicle interface' },
    { family: 'CLP', description: 'Battery clamp set' },
    { family: 'TGT', description: 'Aligner wheel target' },
  ],
  'tyre-pressure': [
    { family: 'TPS', description: 'TPMS sensor programming module' },
    { family: 'OBD', description: 'OBD-II vehicle interface' },
    { family: 'VLV', description: 'TPMS valve service kit' },
    { family: 'PRB', description: 'Tread depth probe' },
  ],
};
const FIRST_NAMES = [
  'Camille',
  'Lukas',
  'Sofia',
  'Mateo',
  'Wei',
  'Ana',
  'James',
  'Chloé',
  'Jonas',
  'Lucía',
  'Li',
  'Noah',
];
const LAST_NAMES = [
  'Martin',
  'Müller',
  'García',
  'Silva',
  'Zhang',
  'Smith',
  'Dubois',
  'Schmidt',
  'López',
  'Wang',
  'Brown',
];
/** Street names of each country, written the way its addresses put them. */
const STREETS: Record<string, readonly ((n: number) => string)[]> = {
  FR: [(n) => `${n} rue de la Gare`, (n) => `${n} avenue Jean Jaurès`],
  GB: [(n) => `${n} King Street`, (n) => `${n} Station Road`],
  DE: [(n) => `Hauptstraße ${n}`, (n) => `Bahnhofstraße ${n}`],
  ES: [(n) => `Calle Mayor, ${n}`, (n) => `Avenida de la Constitución, ${n}`],
  PT: [(n) => `Rua Augusta, ${n}`, (n) => `Avenida da Liberdade, ${n}`],
  US: [(n) => `${n} Main Street`, (n) => `${n} Oak Avenue`],
  CA: [(n) => `${n} King Street West`, (n) => `${n} Wellington Street`],
  CN: [(n) => `${n} Nanjing Road`, (n) => `${n} Renmin Road`],
};

const DAY = 86_400_000;

export interface SeedOptions {
  seed: number;
  devices: number;
  /** The product variant whose kinds of device the fleet has (default tool-equipment). */
  variant?: Variant;
  /**
   * Jobs of the fleet in all (default 15 per device); asking for more adds the next ones. `later`: none
   * now, `seedDemoJobs` writes them (the server does, once it answers).
   */
  jobs?: number | 'later';
  /** Time-relative data (heartbeats, certificates) is placed around this instant. */
  now?: Date;
}

export interface SeedSummary {
  seeded: boolean;
  devices: number;
  accessories: number;
  jobs: number;
}

/** UUID derived from a label, so that demo users and companies keep their ids across seeds. */
function stableUuid(seed: number, label: string): string {
  return new SeededRandom(derivedSeed(seed, label, 0)).uuid();
}

async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** The role catalogue: the one thing every database needs, demo or not. */
export async function seedRoles(db: Db): Promise<void> {
  await db
    .insert(t.roles)
    .values(ROLE_CATALOGUE.map((role) => ({ code: role.code, name: role.name, kind: role.kind })))
    .onConflictDoNothing();
}

async function seedReferenceData(db: Db, seed: number): Promise<Map<string, string>> {
  await seedRoles(db);
  await db
    .insert(t.deviceGroups)
    .values(GROUPS.map((name) => ({ name })))
    .onConflictDoNothing();
  const companyIds = new Map(
    COMPANIES.map((company) => [company.code, stableUuid(seed, `company:${company.code}`)]),
  );
  await db
    .insert(t.companies)
    .values(
      COMPANIES.map((c) => ({
        id: companyIds.get(c.code)!,
        code: c.code,
        name: c.name,
        country: c.country,
        kind: c.kind ?? 'customer',
        billingCurrency: billingCurrencyOfCountry(c.country),
      })),
    )
    .onConflictDoNothing();
  return companyIds;
}

async function groupIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(t.deviceGroups);
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function seedStores(
  db: Db,
  seed: number,
  companyIds: Map<string, string>,
  groups: Map<string, number>,
) {
  const random = new SeededRandom(derivedSeed(seed, 'stores', 0));
  const rows: (typeof t.stores.$inferInsert)[] = [];
  for (const company of COMPANIES.filter((c) => c.weight > 0)) {
    const storeCount = Math.max(2, Math.round(company.weight / 2));
    for (let index = 1; index <= storeCount; index++) {
      const place = random.pick(PLACES[company.country]!);
      const code = `${company.code.slice(0, 6)}-${String(index).padStart(3, '0')}`;
      rows.push({
        officialStoreCode: code,
        dealerCode: `D${company.country}${String(random.int(1000, 9999))}`,
        name: `${company.name} ${place.city}`,
        companyId: companyIds.get(company.code)!,
        groupId: groups.get(COUNTRY_GROUP[company.country] ?? 'Europe')!,
        storeStatus: random.chance(0.12) ? 1 : 0,
        address: {
          recipients: [company.name],
          organization: company.name,
          addressLines: [random.pick(STREETS[company.country]!)(random.int(1, 220))],
          locality: place.city,
          postalCode: place.postalCode,
          ...(place.area ? { administrativeArea: place.area } : {}),
          regionCode: company.country,
        },
      });
    }
  }
  await db.insert(t.stores).values(rows).onConflictDoNothing();
}

interface StoreRef {
  id: number;
  companyId: string | null;
  officialStoreCode: string;
  dealerCode: string | null;
  groupId: number | null;
}

function companyForDevice(random: SeededRandom): CompanySeed | null {
  if (random.chance(0.06)) return null; // still in stock at the factory
  return random.weighted(COMPANIES.filter((c) => c.weight > 0).map((c) => [c, c.weight] as const));
}

function deviceRow(
  seed: number,
  index: number,
  companyIds: Map<string, string>,
  storesByCompany: Map<string, StoreRef[]>,
  groups: Map<string, number>,
  now: Date,
  variant: Variant,
) {
  const { random, identity } = demoDeviceIdentity(seed, index, variant);
  const company = companyForDevice(random);
  const companyId = company ? companyIds.get(company.code)! : null;
  const store =
    companyId && random.chance(0.85) ? random.pick(storesByCompany.get(companyId) ?? [null]) : null;
  const registrationDate = new Date(Date.UTC(2017, 1, 1) + random.int(0, 3100) * DAY);
  const activated = identity.deviceStatus !== 'R' && random.chance(0.95);
  const activationDate = activated
    ? new Date(Math.min(registrationDate.getTime() + random.int(1, 60) * DAY, now.getTime()))
    : null;
  const country = company?.country ?? 'FR';
  return {
    random,
    row: {
      ...identity,
      description: random.chance(0.3)
        ? `${identity.deviceType.toLowerCase().replace('-', ' ')} bay ${random.int(1, 12)}`
        : null,
      companyId,
      storeId: store?.id ?? null,
      storeCode: store?.officialStoreCode ?? null,
      dealerCode:
        store?.dealerCode ??
        (companyId && random.chance(0.3) ? `D${country}${random.int(1000, 9999)}` : null),
      groupId: store?.groupId ?? groups.get(COUNTRY_GROUP[country] ?? 'Europe') ?? null,
      country,
      language: COUNTRY_LANGUAGE[country] ?? 'en',
      earlyAccess: random.chance(0.08),
      registrationDate,
      activationDate,
      // Keys are random, never derived from the seed: ensureDemoDeviceKeys gives them out.
    } satisfies typeof t.series.$inferInsert,
  };
}

/** A last heartbeat; null: registered with the cloud but never connected; undefined: no record at all. */
function heartbeatFor(random: SeededRandom, now: Date): Date | null | undefined {
  const roll = random.next();
  if (roll < 0.1) return null;
  if (roll < 0.16) return new Date(now.getTime() - random.int(5, 90) * 1000);
  if (roll < 0.9) return new Date(now.getTime() - random.int(600, (60 * DAY) / 1000) * 1000);
  return undefined;
}

function certificatesFor(
  random: SeededRandom,
  serialNumber: string,
  now: Date,
): Omit<typeof t.certificates.$inferInsert, 'seriesId'>[] {
  if (random.chance(0.35)) return [];
  // Remaining validity spread over every status: Expired, Urgent, Warning and Ok.
  const daysLeft = random.weighted([
    [random.int(-400, -1), 15],
    [random.int(0, 7), 10],
    [random.int(8, 30), 15],
    [random.int(31, 360), 60],
  ] as const);
  const end = new Date(now.getTime() + daysLeft * DAY);
  const calibration = new Date(end.getTime() - 365 * DAY);
  return [
    {
      number: `CAL-${serialNumber}-${calibration.getUTCFullYear()}`,
      calibrationDate: calibration,
      endOfValidityDate: end,
      documentSerialNumber: serialNumber,
      laboratory: 'Fleet Instruments calibration lab',
      registeredAt: calibration,
      checkPassed: random.weighted([
        [true, 85],
        [false, 7],
        [null, 8],
      ] as const),
    },
  ];
}

function seriesUsersFor(random: SeededRandom, seed: number, index: number) {
  return Array.from({ length: random.int(0, 3) }, (_, n) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const username = `${first}.${last}${n}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9.]/g, '');
    return {
      username,
      userUid: stableUuid(seed, `series-user:${index}:${n}`),
      email: `${username}@example.com`,
    };
  });
}

async function seedDevices(
  db: Db,
  seed: number,
  from: number,
  to: number,
  companyIds: Map<string, string>,
  now: Date,
  variant: Variant,
) {
  const storeRows = await db.select().from(t.stores);
  const storesByCompany = groupedBy(
    storeRows.filter((store) => store.companyId),
    (store) => store.companyId!,
    (store): StoreRef => store,
  );
  const groups = await groupIds(db);
  const batch = 1000;
  for (let start = from; start < to; start += batch) {
    const generated = Array.from({ length: Math.min(batch, to - start) }, (_, k) =>
      deviceRow(seed, start + k, companyIds, storesByCompany, groups, now, variant),
    );
    const inserted = await db
      .insert(t.series)
      .values(generated.map((g) => g.row))
      .onConflictDoNothing()
      .returning({ id: t.series.id, serialNumber: t.series.serialNumber, companyId: t.series.companyId });
    const idBySerial = new Map(inserted.map((row) => [row.serialNumber, row]));
    const heartbeatRows: (typeof t.heartbeats.$inferInsert)[] = [];
    const certificateRows: (typeof t.certificates.$inferInsert)[] = [];
    const userRows: (typeof t.seriesUsers.$inferInsert)[] = [];
    const accessoryRows: (typeof t.accessories.$inferInsert)[] = [];
    const history = {
      connections: [] as (typeof t.connections.$inferInsert)[],
      updates: [] as (typeof t.updateHistory.$inferInsert)[],
      components: [] as (typeof t.components.$inferInsert)[],
      locations: [] as (typeof t.locations.$inferInsert)[],
      configurations: [] as (typeof t.deviceConfigurations.$inferInsert)[],
    };
    generated.forEach(({ random, row }, k) => {
      const device = idBySerial.get(row.serialNumber);
      if (!device) return;
      const past = deviceHistory(seed, start + k, row, now);
      const seriesId = device.id;
      history.connections.push(...past.connections.map((c) => ({ ...c, seriesId })));
      history.updates.push(...past.updates.map((u) => ({ ...u, seriesId })));
      history.components.push(...past.components.map((c) => ({ ...c, seriesId })));
      history.locations.push(...past.locations.map((l) => ({ ...l, seriesId })));
      if (past.configuration)
        history.configurations.push({ seriesId, reportedAt: now, content: past.configuration });
      const lastHeartbeat = heartbeatFor(random, now);
      if (lastHeartbeat !== undefined) heartbeatRows.push({ seriesId: device.id, lastHeartbeat });
      for (const certificate of certificatesFor(random, row.serialNumber, now))
        certificateRows.push({ ...certificate, seriesId: device.id });
      if (row.deviceStatus === 'A') {
        for (const user of seriesUsersFor(random, seed, start + k))
          userRows.push({ ...user, seriesId: device.id });
      }
      if (random.chance(0.3)) {
        const family = random.pick(ACCESSORY_FAMILIES[variant]);
        const accessoryPart = `${family.family}${random.int(1, 9)}A${String(random.int(0, 99999)).padStart(5, '0')}`;
        accessoryRows.push({
          serialNumber: `${accessoryPart}${String((start + k) % 100000).padStart(5, '0')}`,
          partNumber: accessoryPart,
          description: family.description,
          seriesId: device.id,
          companyId: device.companyId,
          data: { firmware: `${random.int(1, 4)}.${random.int(0, 9)}`, batteryCycles: random.int(0, 900) },
          registrationDate: row.registrationDate,
        });
      }
    });
    await insertInChunks(heartbeatRows, (c) => db.insert(t.heartbeats).values(c).onConflictDoNothing());
    await insertInChunks(certificateRows, (c) => db.insert(t.certificates).values(c).onConflictDoNothing());
    await insertInChunks(userRows, (c) => db.insert(t.seriesUsers).values(c).onConflictDoNothing());
    await insertInChunks(accessoryRows, (c) => db.insert(t.accessories).values(c).onConflictDoNothing());
    await insertInChunks(history.connections, (c) => db.insert(t.connections).values(c));
    await insertInChunks(history.updates, (c) => db.insert(t.updateHistory).values(c));
    await insertInChunks(history.components, (c) => db.insert(t.components).values(c));
    await insertInChunks(history.locations, (c) => db.insert(t.locations).values(c));
    await insertInChunks(history.configurations, (c) =>
      db.insert(t.deviceConfigurations).values(c).onConflictDoNothing(),
    );
  }
}

function demoCompanyFor(role: RoleCode): string {
  if (seesWholeFleet([role])) return MANUFACTURER;
  if (
    [
      'external-esat',
      'esat-stat-viewer',
      'external-calibrator',
      'external-service-center-manager',
      'location-viewer',
    ].includes(role)
  ) {
    return DEMO_PARTNER;
  }
  return DEMO_CUSTOMER;
}

function demoName(role: RoleCode): string {
  return ROLE_CATALOGUE.find((r) => r.code === role)!.name + ' (demo)';
}

/** One demo user per role: username = role code, password `demo`. */
export async function seedDemoUsers(db: Db, seed: number, companyIds: Map<string, string>) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const role of ROLE_CODES) {
    const id = stableUuid(seed, `user:${role}`);
    await db
      .insert(t.users)
      .values({
        id,
        issuer: 'local',
        subject: id,
        username: role,
        name: demoName(role),
        email: `${role}@demo.fleet-console.test`,
        passwordHash,
        demo: true,
        companyId: companyIds.get(demoCompanyFor(role))!,
      })
      .onConflictDoNothing();
    await db.insert(t.userRoles).values({ userId: id, roleCode: role }).onConflictDoNothing();
  }
}

/**
 * A production range for the part number of one device of each type, so that the factory and the serial
 * report have something to show: the device's own number is allocated, the rest of the range free.
 */
async function seedSerialRanges(db: Db): Promise<void> {
  const [ranges] = await db.select({ n: count() }).from(t.serialRanges);
  if ((ranges?.n ?? 0) > 0) return;
  const rows = await db
    .selectDistinctOn([t.series.deviceType], {
      partNumber: t.series.partNumber,
      deviceType: t.series.deviceType,
    })
    .from(t.series)
    .orderBy(t.series.deviceType, t.series.id);
  if (rows.length === 0) return;
  await db.insert(t.serialRanges).values(
    rows.map((row) => ({
      partNumber: row.partNumber,
      fromNumber: 0,
      toNumber: 499,
      note: `Demo: ${row.deviceType} production line`,
      createdBy: 'Demo',
    })),
  );
}

/** How many devices of the demo fleet the database holds already (0: never seeded). */
export async function seededDeviceCount(db: Db): Promise<number> {
  return (await readMeta<{ devices: number }>(db, 'seed'))?.devices ?? 0;
}

/**
 * Writes the demo fleet's jobs up to `jobs` in all (default 15 per device), and its job associations
 * once. Resumable: each chunk of jobs is written with the count reached, in one transaction, so a stop
 * in the middle goes on where it was at the next start. Answers the number of jobs reached.
 */
export async function seedDemoJobs(
  db: Db,
  options: { seed: number; jobs?: number | undefined; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const meta = await readMeta<{ devices: number; jobs?: number }>(db, 'seed');
  if (!meta) throw new Error('Seed the demo fleet before its jobs');
  const before = meta.jobs ?? 0;
  const wanted = Math.max(before, options.jobs ?? meta.devices * JOBS_PER_DEVICE);
  if (wanted > before)
    await seedJobs(db, options.seed, before, wanted, now, async (tx, reached) => {
      await tx.execute(
        sql`update meta set value = jsonb_set(value, '{jobs}', to_jsonb(${reached}::int)) where key = 'seed'`,
      );
    });
  const [associations] = await db.select({ n: count() }).from(t.jobAssociations);
  if (!associations?.n) await seedAssociations(db, options.seed, Math.ceil(meta.devices / 4), now);
  return wanted;
}

/** How many jobs of the demo fleet the database holds (archived ones included); undefined: never seeded. */
export async function seededJobCount(db: Db): Promise<number | undefined> {
  return (await readMeta<{ jobs?: number }>(db, 'seed'))?.jobs;
}

async function readMeta<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(t.meta).where(eq(t.meta.key, key));
  return row?.value as T | undefined;
}

/**
 * Fills the database with the demo fleet. Idempotent: reference data is inserted once, and
 * devices are generated by index from the seed, so asking for more devices extends the fleet
 * with the same devices another run would have made.
 */
export async function seedDatabase(
  db: Db,
  options: SeedOptions & { demoUsers: boolean },
): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const variant = options.variant ?? 'tool-equipment';
  const previous = await readMeta<{ seed: number; devices: number; jobs?: number; variant?: Variant }>(
    db,
    'seed',
  );
  if (previous && previous.seed !== options.seed) {
    throw new Error(`This database was seeded with seed ${previous.seed}, not ${options.seed}`);
  }
  const seededVariant = previous?.variant ?? 'tool-equipment';
  if (previous && seededVariant !== variant) {
    throw new Error(
      `This database holds the demo fleet of the ${seededVariant} variant, not ${variant}: start it with VARIANT=${seededVariant}, or use another DATA_DIR`,
    );
  }
  const already = previous?.devices ?? 0;
  const companyIds = await seedReferenceData(db, options.seed);
  if (!previous) {
    await seedStores(db, options.seed, companyIds, await groupIds(db));
    await db
      .insert(t.certificateTemplates)
      .values({
        deviceType: ANY_DEVICE_TYPE,
        body: DEFAULT_CERTIFICATE_TEMPLATE,
        updatedAt: now,
        updatedBy: 'Demo',
      })
      .onConflictDoNothing();
    await seedDashboards(db);
  }
  if (options.demoUsers) await seedDemoUsers(db, options.seed, companyIds);
  const partnerStaff = ['external-service-center-manager', 'external-calibrator'].map((role) =>
    stableUuid(options.seed, `user:${role}`),
  );
  await seedCommerce(db, companyIds, new Map(options.demoUsers ? [['BIRMINGHAM', partnerStaff]] : []));
  // Once: a text removed in translations management stays removed across restarts.
  if (!previous) await seedTranslations(db);
  if (options.devices > already)
    await seedDevices(db, options.seed, already, options.devices, companyIds, now, variant);
  const devices = Math.max(already, options.devices);
  await seedSerialRanges(db);
  const jobsBefore = previous?.jobs ?? 0;
  await db
    .insert(t.meta)
    .values({
      key: 'seed',
      value: { seed: options.seed, devices, jobs: jobsBefore, variant, seededAt: now.toISOString() },
    })
    .onConflictDoUpdate({ target: t.meta.key, set: { value: sql`excluded.value` } });
  const jobs =
    options.jobs === 'later'
      ? jobsBefore
      : await seedDemoJobs(db, { seed: options.seed, jobs: options.jobs, now });
  const [accessories] = await db.select({ n: count() }).from(t.accessories);
  return {
    seeded: options.devices > already || jobs > jobsBefore,
    devices,
    accessories: accessories?.n ?? 0,
    jobs,
  };
}
