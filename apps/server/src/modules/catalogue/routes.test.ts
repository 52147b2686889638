import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Sku } from '@fleet/contract';
import { auditLog } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function audited(subjectType: string, subjectId: string) {
  const rows = await server.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('the catalogue', () => {
  it('adds a category, a product and a priced SKU, changes them and audits each change', async () => {
    const category = await call('business', 'POST', '/api/Shop/Categories', {
      code: 'TRAINING',
      name: 'Training',
      description: 'Courses for workshop staff',
      active: true,
    });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().id;
    const taken = await call('business', 'POST', '/api/Shop/Categories', {
      code: 'TRAINING',
      name: 'Again',
      active: true,
    });
    expect(taken.statusCode).toBe(409);

    const product = await call('business', 'POST', '/api/Shop/Products', {
      code: 'TPMS-COURSE',
      name: 'TPMS course',
      categoryId,
      kind: 'service',
      active: true,
    });
    expect(product.statusCode, product.body).toBe(201);
    const categories = (await call('business', 'GET', '/api/Shop/Categories')).json().categories;
    expect(categories.find((item: { id: number }) => item.id === categoryId).productCount).toBe(1);
    const noCategory = await call('business', 'POST', '/api/Shop/Products', {
      code: 'X',
      name: 'X',
      categoryId: 999_999,
      kind: 'service',
      active: true,
    });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toContain('categoryId');

    const body = {
      code: 'TPMS-COURSE-1D',
      name: 'TPMS course, one day',
      productId: product.json().id,
      deviceType: null,
      weightGrams: 0,
      tariffCode: null,
      originRegion: null,
      active: true,
      prices: [
        { currency: 'EUR', amountMinor: 45000 },
        { currency: 'USD', amountMinor: 49500 },
      ],
    };
    const sku = await call('business', 'POST', '/api/Shop/Skus', body);
    expect(sku.statusCode, sku.body).toBe(201);
    const skuId = sku.json().id;
    const repriced = await call('business', 'PUT', `/api/Shop/Skus/${skuId}`, {
      ...body,
      prices: [{ currency: 'EUR', amountMinor: 48000 }],
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const listed = (await call('business', 'GET', '/api/Shop/Skus')).json().skus as Sku[];
    expect(listed.find((item) => item.id === skuId)?.prices).toEqual([
      { currency: 'EUR', amountMinor: 48000 },
    ]);

    expect(await audited('category', String(categoryId))).toEqual(['category.create']);
    expect(await audited('sku', String(skuId))).toEqual(['sku.create', 'sku.update']);
  });

  it('refuses a price that is not whole minor units, a currency twice or one it does not know', async () => {
    const [product] = (await call('business', 'GET', '/api/Shop/Products')).json().products;
    const base = {
      code: 'BAD-PRICE',
      name: 'Bad price',
      productId: product.id,
      deviceType: null,
      weightGrams: 10,
      tariffCode: '9031.80',
      originRegion: 'FR',
      active: true,
    };
    for (const [prices, field] of [
      [[{ currency: 'EUR', amountMinor: 12.5 }], 'prices.0.amountMinor'],
      [
        [
          { currency: 'EUR', amountMinor: 1 },
          { currency: 'EUR', amountMinor: 2 },
        ],
        'prices.1.currency',
      ],
      [[{ currency: 'XTS', amountMinor: 1 }], 'prices.0.currency'],
    ] as const) {
      const refused = await call('business', 'POST', '/api/Shop/Skus', { ...base, prices });
      expect(refused.statusCode, JSON.stringify(prices)).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    const tariff = await call('business', 'POST', '/api/Shop/Skus', {
      ...base,
      tariffCode: 'abc',
      prices: [],
    });
    expect(tariff.json().message).toContain('tariffCode');
  });

  it('keeps the minor units of a currency in use, and orders the ways to pay', async () => {
    const added = await call('administrator', 'POST', '/api/Shop/Currencies', {
      code: 'GBP',
      name: 'Pound sterling',
      minorUnits: 2,
      active: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const changed = await call('administrator', 'PUT', '/api/Shop/Currencies/GBP', {
      name: 'Pound sterling',
      minorUnits: 3,
      active: false,
    });
    expect(changed.json()).toMatchObject({ minorUnits: 3, active: false, inUse: false });
    const euro = await call('administrator', 'PUT', '/api/Shop/Currencies/EUR', {
      name: 'Euro',
      minorUnits: 0,
      active: true,
    });
    expect(euro.statusCode).toBe(409);

    const transfer = await call('administrator', 'PUT', '/api/Shop/PaymentMethodTypes/bank-transfer', {
      name: 'Bank transfer (30 days)',
      active: true,
      position: 0,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const types = (await call('administrator', 'GET', '/api/Shop/PaymentMethodTypes')).json()
      .paymentMethodTypes;
    expect(types[0]).toMatchObject({ code: 'bank-transfer', name: 'Bank transfer (30 days)' });
    expect(
      (
        await call('administrator', 'PUT', '/api/Shop/PaymentMethodTypes/cash', {
          name: 'Cash',
          active: true,
          position: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(await audited('currency', 'GBP')).toEqual(['currency.create', 'currency.update']);
  });

  it('is staff only', async () => {
    for (const user of ['customer-engineering-manager', 'accounting', 'external-calibrator'])
      expect((await call(user, 'GET', '/api/Shop/Skus')).statusCode, user).toBe(403);
  });
});
