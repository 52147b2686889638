import { count } from 'drizzle-orm';
import type { OrderAddress } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** Demo catalogue, service centers, carriers and address books (docs/commerce.md). */

const DEVICE_TYPES: readonly { type: string; name: string; eur: number; grams: number; tariff: string }[] = [
  { type: 'TPMS-TOOL', name: 'TPMS tool', eur: 8900, grams: 2500, tariff: '9031.80' },
  { type: 'TORQUE-WRENCH', name: 'torque wrench', eur: 6900, grams: 3500, tariff: '9031.80' },
  { type: 'BATTERY-TESTER', name: 'battery tester', eur: 7900, grams: 3000, tariff: '9030.33' },
  { type: 'WHEEL-ALIGNER', name: 'wheel aligner', eur: 24900, grams: 18000, tariff: '9031.49' },
  { type: 'SCAN-TOOL', name: 'scan tool', eur: 9900, grams: 2000, tariff: '9031.80' },
  {
    type: 'TPMS-SENSOR-PROGRAMMER',
    name: 'TPMS sensor programmer',
    eur: 6500,
    grams: 1500,
    tariff: '9031.80',
  },
  { type: 'TREAD-DEPTH-SCANNER', name: 'tread depth scanner', eur: 14900, grams: 9000, tariff: '9031.49' },
  { type: 'INFLATION-STATION', name: 'inflation station', eur: 19900, grams: 15000, tariff: '9026.20' },
  { type: 'TPMS-RELEARN-TOOL', name: 'TPMS relearn tool', eur: 4900, grams: 1200, tariff: '9031.80' },
];

/** A price in each currency from its euro price, rounded as a price list would be. */
function prices(eur: number): Record<string, number> {
  return {
    EUR: eur,
    USD: Math.round((eur * 1.1) / 100) * 100,
    JPY: Math.round((eur * 1.6) / 100) * 100,
    CNY: Math.round((eur * 7.8) / 100) * 100,
  };
}

const STEPS = ['Incoming inspection', 'Adjustment', 'Calibration', 'Final check', 'Packing'];

const LYON: OrderAddress = {
  organization: 'Fleet Instruments Service Center',
  addressLines: ['40 Avenue Tony Garnier'],
  postalCode: '69007',
  locality: 'Lyon',
  regionCode: 'FR',
  phoneNumber: '+33 4 72 00 00 00',
};
const BIRMINGHAM: OrderAddress = {
  organization: 'Northwind Calibration Services',
  addressLines: ['Unit 4, Aston Science Park', 'Love Lane'],
  locality: 'Birmingham',
  postalCode: 'B7 4BJ',
  regionCode: 'GB',
  phoneNumber: '+44 121 000 0000',
};
const COLUMBUS: OrderAddress = {
  organization: 'Fleet Instruments Service Center',
  addressLines: ['250 West Nationwide Blvd'],
  locality: 'Columbus',
  administrativeArea: 'OH',
  postalCode: '43215',
  regionCode: 'US',
  phoneNumber: '+1 614 000 0000',
};

/** Address books of some companies: the demo customer's first. */
const ADDRESS_BOOKS: Record<
  string,
  readonly { label: string; address: OrderAddress; pickup?: boolean; billing?: boolean }[]
> = {
  'DEMO-CUSTOMER': [
    {
      label: 'Workshop',
      address: {
        recipients: ['Claire Durand'],
        organization: 'Atelier Durand Automobiles',
        addressLines: ['12 Rue des Artisans'],
        postalCode: '69003',
        locality: 'Lyon',
        regionCode: 'FR',
        phoneNumber: '+33 4 78 00 00 01',
      },
      pickup: true,
    },
    {
      label: 'Head office',
      address: {
        organization: 'Atelier Durand Automobiles',
        addressLines: ['5 Place de la Libération'],
        postalCode: '69100',
        locality: 'Villeurbanne',
        regionCode: 'FR',
      },
      billing: true,
    },
  ],
  RAPIDTIRE: [
    {
      label: 'Distribution center',
      address: {
        organization: 'RapidTire Centers Inc.',
        addressLines: ['1800 Industrial Pkwy'],
        locality: 'Dayton',
        administrativeArea: 'OH',
        postalCode: '45414',
        regionCode: 'US',
      },
      pickup: true,
      billing: true,
    },
  ],
};

/**
 * The demo's commerce data, once (when the catalogue is empty): databases seeded before it get it at
 * their next start. `staff` maps a center's code to the demo users who work there.
 */
export async function seedCommerce(
  db: Db,
  companyIds: ReadonlyMap<string, string>,
  staff: ReadonlyMap<string, readonly string[]>,
): Promise<boolean> {
  const [products] = await db.select({ n: count() }).from(t.products);
  if ((products?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const categories = await tx
      .insert(t.productCategories)
      .values([
        {
          code: 'CALIBRATION',
          name: 'Calibration services',
          description: 'Calibration of a device, certificate included',
        },
        { code: 'PARTS', name: 'Spare parts', description: 'Parts fitted during a service' },
        { code: 'SERVICES', name: 'Other services', description: 'Handling and options' },
      ])
      .returning();
    const category = (code: string) => categories.find((c) => c.code === code)!.id;
    const productRows = await tx
      .insert(t.products)
      .values([
        {
          code: 'CAL',
          name: 'Calibration',
          categoryId: category('CALIBRATION'),
          kind: 'calibration',
          description: 'Calibration with certificate, traceable to national standards',
        },
        { code: 'SENSOR-KIT', name: 'Sensor replacement kit', categoryId: category('PARTS'), kind: 'part' },
        { code: 'BATTERY', name: 'Battery pack', categoryId: category('PARTS'), kind: 'part' },
        { code: 'CASE', name: 'Carrying case', categoryId: category('PARTS'), kind: 'part' },
        {
          code: 'EXPRESS',
          name: 'Express handling',
          categoryId: category('SERVICES'),
          kind: 'service',
          description: 'Calibrated within 2 working days of receipt',
        },
      ])
      .returning();
    const product = (code: string) => productRows.find((p) => p.code === code)!.id;
    const skuRows = [
      ...DEVICE_TYPES.map((d) => ({
        code: `CAL-${d.type}`,
        productId: product('CAL'),
        name: `Calibration of a ${d.name}`,
        deviceType: d.type,
        weightGrams: d.grams,
        tariffCode: d.tariff,
        originRegion: 'FR',
        eur: d.eur,
      })),
      {
        code: 'CAL-ANY',
        productId: product('CAL'),
        name: 'Calibration of a measuring device',
        deviceType: null,
        weightGrams: 3000,
        tariffCode: '9031.80',
        originRegion: 'FR',
        eur: 9900,
      },
      {
        code: 'SENSOR-KIT-01',
        productId: product('SENSOR-KIT'),
        name: 'Sensor replacement kit',
        deviceType: null,
        weightGrams: 200,
        tariffCode: '9031.90',
        originRegion: 'FR',
        eur: 4500,
      },
      {
        code: 'BATTERY-01',
        productId: product('BATTERY'),
        name: 'Battery pack 7.4 V',
        deviceType: null,
        weightGrams: 350,
        tariffCode: '8507.60',
        originRegion: 'CN',
        eur: 3900,
      },
      {
        code: 'CASE-01',
        productId: product('CASE'),
        name: 'Carrying case',
        deviceType: null,
        weightGrams: 900,
        tariffCode: '4202.92',
        originRegion: 'PT',
        eur: 2900,
      },
      {
        code: 'EXPRESS-01',
        productId: product('EXPRESS'),
        name: 'Express handling',
        deviceType: null,
        weightGrams: 0,
        tariffCode: null,
        originRegion: null,
        eur: 4000,
      },
    ];
    const inserted = await tx
      .insert(t.skus)
      .values(skuRows.map(({ eur: _eur, ...row }) => row))
      .returning({ id: t.skus.id, code: t.skus.code });
    await tx.insert(t.skuPrices).values(
      skuRows.flatMap((row) =>
        Object.entries(prices(row.eur)).map(([currency, amountMinor]) => ({
          skuId: inserted.find((s) => s.code === row.code)!.id,
          currency,
          amountMinor,
        })),
      ),
    );
    const allTypes = DEVICE_TYPES.map((d) => d.type);
    const centers = await tx
      .insert(t.serviceCenters)
      .values([
        {
          code: 'LYON',
          name: 'Fleet Instruments Service Center Lyon',
          address: LYON,
          email: 'service.lyon@fleet-instruments.test',
          deviceTypes: allTypes,
        },
        {
          code: 'BIRMINGHAM',
          name: 'Northwind Calibration Birmingham',
          address: BIRMINGHAM,
          email: 'lab@northwind-calibration.test',
          deviceTypes: [
            'TPMS-TOOL',
            'TORQUE-WRENCH',
            'BATTERY-TESTER',
            'TPMS-SENSOR-PROGRAMMER',
            'TPMS-RELEARN-TOOL',
          ],
        },
        {
          code: 'COLUMBUS',
          name: 'Fleet Instruments Service Center Columbus',
          address: COLUMBUS,
          email: 'service.columbus@fleet-instruments.test',
          deviceTypes: allTypes,
        },
      ])
      .returning();
    await tx
      .insert(t.internalSteps)
      .values(
        centers.flatMap((center) =>
          STEPS.map((name, position) => ({ serviceCenterId: center.id, position, name })),
        ),
      );
    const staffRows = centers.flatMap((center) =>
      (staff.get(center.code) ?? []).map((userId) => ({ serviceCenterId: center.id, userId })),
    );
    if (staffRows.length) await tx.insert(t.serviceCenterStaff).values(staffRows).onConflictDoNothing();
    await tx.insert(t.shipmentProviders).values([
      {
        serviceCenterId: null,
        name: 'Fleet Sandbox Carrier',
        kind: 'sandbox',
        accountNumber: 'FSC-000100',
        rates: {
          EUR: { perPackageMinor: 1800, perKgMinor: 250 },
          USD: { perPackageMinor: 1900, perKgMinor: 275 },
          JPY: { perPackageMinor: 2900, perKgMinor: 400 },
          CNY: { perPackageMinor: 14000, perKgMinor: 1900 },
        },
      },
      {
        serviceCenterId: centers.find((c) => c.code === 'COLUMBUS')!.id,
        name: 'Fleet Sandbox Carrier US',
        kind: 'sandbox',
        accountNumber: 'FSC-US-2200',
        rates: {
          USD: { perPackageMinor: 1500, perKgMinor: 200 },
          EUR: { perPackageMinor: 1400, perKgMinor: 190 },
        },
      },
    ]);
    for (const [code, book] of Object.entries(ADDRESS_BOOKS)) {
      const companyId = companyIds.get(code);
      if (!companyId) continue;
      await tx.insert(t.addresses).values(
        book.map((entry) => ({
          companyId,
          label: entry.label,
          address: entry.address,
          defaultPickup: entry.pickup ?? false,
          defaultBilling: entry.billing ?? false,
        })),
      );
    }
  });
  return true;
}
