import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_IMPORT_MAX_BYTES, STORE_IMPORT_MAX_ROWS, vinCheckDigit } from '@fleet/contract';
import { seedDemoOrders } from '../src/demo/seed-orders.ts';
import { seedDemoSurveys } from '../src/demo/seed-esat.ts';
import { TEST_SEED } from './constants.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { csvOfRows, previewFile, type ImportRow } from './table-imports.ts';

/**
 * The largest files a table import takes (5,000 rows, as close to 5 MB as their cells' longest allowed
 * values make them) go through preview, check and import on every table import: the check and the import
 * name the previewed file and send only the rows changed, so no body comes near the request limit.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());

const ROWS = STORE_IMPORT_MAX_ROWS;
const text = (length: number, seed: number) => `${seed}-`.padEnd(length, 'abcdefghij');
const vin = (index: number) => {
  const body = `5YJ3E1EA0${String(index).padStart(8, '0')}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
};

/** Cells as long as their column allows, until a row takes its share of the 5 MB a file may weigh. */
const FILES: Record<string, { user: string; path: string; row: (index: number) => Record<string, string> }> =
  {
    stores: {
      user: 'administrator',
      path: '/api/Store/Import',
      row: (index) => ({
        officialStoreCode: text(100, index),
        name: text(200, index),
        dealerCode: text(100, index),
        addressLine1: text(200, index),
        addressLine2: text(200, index),
        locality: text(100, index),
        postalCode: '75011',
        regionCode: 'FR',
      }),
    },
    vehicles: {
      user: 'database-manager',
      path: '/api/Vehicles/Import',
      row: (index) => ({
        vin: vin(index),
        make: text(64, index),
        model: text(64, index),
        year: '2021',
        engine: text(64, index),
        notes: text(800, index),
      }),
    },
    batteries: {
      user: 'administrator',
      path: '/api/Batteries/Import',
      row: (index) => ({
        reference: `LT-${String(index).padStart(6, '0')}`.padEnd(40, 'X'),
        maker: text(64, index),
        model: text(64, index),
        chemistry: 'AGM',
        voltage: '12',
        notes: text(850, index),
      }),
    },
  };

/** Orders delivered with their survey open, as many as a largest results file holds. */
async function openSurveys(count: number): Promise<string[]> {
  const db = server.database.db;
  await seedDemoOrders(db, server.app.media);
  await seedDemoSurveys(db, TEST_SEED);
  await db.execute(sql`
    insert into orders (number, company_id, created_by_id, created_by_name, status, currency,
      payment_method_type, service_center_id, pickup_address, billing_address, total_minor,
      accepted_terms_version)
    select 'LT-' || lpad(g::text, 6, '0'), o.company_id, o.created_by_id, o.created_by_name, o.status,
      o.currency, o.payment_method_type, o.service_center_id, o.pickup_address, o.billing_address,
      o.total_minor, o.accepted_terms_version
    from orders o, generate_series(1, ${count}) g
    where o.id = (select order_id from surveys order by id limit 1)`);
  await db.execute(sql`
    insert into surveys (order_id, company_id, service_center_id, delivered_at)
    select id, company_id, service_center_id, now() - interval '1 day' from orders where number like 'LT-%'`);
  return Array.from({ length: count }, (_, index) => `LT-${String(index + 1).padStart(6, '0')}`);
}

async function roundTrip(user: string, path: string, rows: ImportRow[]) {
  const file = csvOfRows(rows);
  expect(file.length).toBeGreaterThan(4 * 1024 * 1024);
  expect(file.length).toBeLessThanOrEqual(STORE_IMPORT_MAX_BYTES);
  const preview = await previewFile(server, user, path, file);
  expect(preview.statusCode, preview.body.slice(0, 500)).toBe(200);
  const { draft, rows: checked } = preview.json() as { draft: string; rows: { errors: unknown[] }[] };
  expect(checked).toHaveLength(ROWS);
  expect(JSON.stringify(checked.filter((row) => row.errors.length > 0).slice(0, 2))).toBe('[]');

  const changes = [rows[ROWS - 1]!];
  const check = await server.call(user, 'POST', `${path}/Check`, { draft, changes });
  expect(check.statusCode, check.body.slice(0, 500)).toBe(200);
  const imported = await server.call(user, 'POST', path, { draft, changes });
  expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
  return imported.json() as Record<string, number>;
}

describe('the largest import files', () => {
  for (const [what, { user, path, row }] of Object.entries(FILES))
    it(`import ${ROWS} ${what} through preview, check and import`, async () => {
      const rows = Array.from({ length: ROWS }, (_, index) => ({ line: index + 2, values: row(index) }));
      expect(await roundTrip(user, path, rows)).toEqual({ created: ROWS, updated: 0 });
    });

  it(`import ${ROWS} survey results through preview, check and import`, async () => {
    const orders = await openSurveys(ROWS);
    const rows = orders.map((orderNumber, index) => ({
      line: index + 2,
      values: { orderNumber, overall: '4', quality: '5', comment: text(850, index) },
    }));
    expect(await roundTrip('external-esat', '/api/Esat/Import', rows)).toEqual({ imported: ROWS });
  });
});
