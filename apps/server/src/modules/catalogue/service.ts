import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  categoryBodySchema,
  currencyBodySchema,
  currencyUpdateBodySchema,
  paymentMethodTypeBodySchema,
  productBodySchema,
  skuBodySchema,
} from '@fleet/contract';
import {
  type Category,
  type Currency,
  type PaymentMethodType,
  type Product,
  type ProductKind,
  type Sku,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  currencies,
  orders,
  paymentMethodTypes,
  productCategories,
  products,
  skuPrices,
  skus,
} from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { uniqueCode } from '../../lib/unique-code.ts';

/** The catalogue (docs/commerce.md "Catalogue"): changed in a transaction with its audit entry. */

type CategoryBody = z.output<typeof categoryBodySchema>;
type ProductBody = z.output<typeof productBodySchema>;
type SkuBody = z.output<typeof skuBodySchema>;
type CurrencyBody = z.output<typeof currencyBodySchema>;
type CurrencyUpdateBody = z.output<typeof currencyUpdateBodySchema>;
type PaymentMethodTypeBody = z.output<typeof paymentMethodTypeBodySchema>;

// ---- Categories ----

export async function listCategories(db: Db): Promise<{ categories: Category[] }> {
  const counted = db
    .select({ categoryId: products.categoryId, n: count().as('product_count') })
    .from(products)
    .groupBy(products.categoryId)
    .as('counted');
  const rows = await db
    .select({ category: productCategories, productCount: sql<number>`coalesce(${counted.n}, 0)::int` })
    .from(productCategories)
    .leftJoin(counted, eq(counted.categoryId, productCategories.id))
    .orderBy(asc(productCategories.name));
  return { categories: rows.map((row) => ({ ...row.category, productCount: row.productCount })) };
}

export async function saveCategory(db: Db, user: SignedInUser, id: number | null, body: CategoryBody) {
  return db.transaction(async (tx) => {
    const before =
      id === null
        ? null
        : await locked(
            tx.select().from(productCategories).where(eq(productCategories.id, id)).for('update'),
            `category ${id}`,
          );
    const [saved] = await uniqueCode(body.code, () =>
      id === null
        ? tx.insert(productCategories).values(body).returning()
        : tx.update(productCategories).set(body).where(eq(productCategories.id, id)).returning(),
    );
    await recordAudit(tx, user, {
      action: id === null ? 'category.create' : 'category.update',
      subjectType: 'category',
      subjectId: String(saved!.id),
      details: before ? { from: before, to: body } : { ...body },
    });
    return saved!;
  });
}

// ---- Products ----

export async function listProducts(db: Db): Promise<{ products: Product[] }> {
  const counted = db
    .select({ productId: skus.productId, n: count().as('sku_count') })
    .from(skus)
    .groupBy(skus.productId)
    .as('counted');
  const rows = await db
    .select({
      product: products,
      categoryName: productCategories.name,
      skuCount: sql<number>`coalesce(${counted.n}, 0)::int`,
    })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(counted, eq(counted.productId, products.id))
    .orderBy(asc(products.name));
  return {
    products: rows.map(({ product, categoryName, skuCount }) => ({
      id: product.id,
      code: product.code,
      name: product.name,
      description: product.description,
      category: { id: product.categoryId, name: categoryName },
      kind: product.kind as ProductKind,
      active: product.active,
      skuCount,
    })),
  };
}

export async function saveProduct(db: Db, user: SignedInUser, id: number | null, body: ProductBody) {
  return db.transaction(async (tx) => {
    const before =
      id === null
        ? null
        : await locked(tx.select().from(products).where(eq(products.id, id)).for('update'), `product ${id}`);
    const [category] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.id, body.categoryId));
    if (!category)
      throw invalid([{ field: 'body.categoryId', message: 'is no category', rule: { kind: 'unknown' } }]);
    const [saved] = await uniqueCode(body.code, () =>
      id === null
        ? tx.insert(products).values(body).returning()
        : tx.update(products).set(body).where(eq(products.id, id)).returning(),
    );
    await recordAudit(tx, user, {
      action: id === null ? 'product.create' : 'product.update',
      subjectType: 'product',
      subjectId: String(saved!.id),
      details: before ? { from: before, to: body } : { ...body },
    });
    return saved!;
  });
}

// ---- SKUs ----

/** Amounts in a currency the catalogue does not know are refused: a 400 naming `body.<field>.N.currency`. */
export async function checkKnownCurrencies(
  tx: Db,
  amounts: readonly { currency: string }[],
  field: string,
): Promise<void> {
  const known = new Set(
    (await tx.select({ code: currencies.code }).from(currencies)).map((currency) => currency.code),
  );
  const unknown = amounts.findIndex((amount) => !known.has(amount.currency));
  if (unknown >= 0)
    throw invalid([
      {
        field: `body.${field}.${unknown}.currency`,
        message: 'is no currency of the catalogue',
        rule: { kind: 'unknown' },
      },
    ]);
}

export async function listSkus(db: Db): Promise<{ skus: Sku[] }> {
  const rows = await db
    .select({ sku: skus, productName: products.name, productKind: products.kind })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .orderBy(asc(skus.code));
  const prices = rows.length
    ? await db
        .select()
        .from(skuPrices)
        .where(
          inArray(
            skuPrices.skuId,
            rows.map((row) => row.sku.id),
          ),
        )
        .orderBy(asc(skuPrices.currency))
    : [];
  return {
    skus: rows.map(({ sku, productName, productKind }) => ({
      id: sku.id,
      code: sku.code,
      name: sku.name,
      product: { id: sku.productId, name: productName, kind: productKind as ProductKind },
      deviceType: sku.deviceType,
      weightGrams: sku.weightGrams,
      tariffCode: sku.tariffCode,
      originRegion: sku.originRegion,
      active: sku.active,
      prices: prices
        .filter((price) => price.skuId === sku.id)
        .map((price) => ({ currency: price.currency, amountMinor: Number(price.amountMinor) })),
    })),
  };
}

/** A SKU with its prices, replaced as a whole: a currency left out is no longer offered. */
export async function saveSku(db: Db, user: SignedInUser, id: number | null, body: SkuBody) {
  return db.transaction(async (tx) => {
    const before =
      id === null
        ? null
        : await locked(tx.select().from(skus).where(eq(skus.id, id)).for('update'), `SKU ${id}`);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, body.productId));
    if (!product)
      throw invalid([{ field: 'body.productId', message: 'is no product', rule: { kind: 'unknown' } }]);
    await checkKnownCurrencies(tx, body.prices, 'prices');
    const { prices, ...fields } = body;
    const values = { ...fields, deviceType: fields.deviceType || null };
    const [saved] = await uniqueCode(body.code, () =>
      id === null
        ? tx.insert(skus).values(values).returning()
        : tx.update(skus).set(values).where(eq(skus.id, id)).returning(),
    );
    await tx.delete(skuPrices).where(eq(skuPrices.skuId, saved!.id));
    if (prices.length)
      await tx.insert(skuPrices).values(prices.map((price) => ({ skuId: saved!.id, ...price })));
    await recordAudit(tx, user, {
      action: id === null ? 'sku.create' : 'sku.update',
      subjectType: 'sku',
      subjectId: String(saved!.id),
      details: before ? { from: before, to: body } : { ...body },
    });
    return saved!;
  });
}

// ---- Currencies ----

async function currencyInUse(db: Db, code: string): Promise<boolean> {
  const [priced] = await db.select({ n: count() }).from(skuPrices).where(eq(skuPrices.currency, code));
  const [ordered] = await db.select({ n: count() }).from(orders).where(eq(orders.currency, code));
  return (priced?.n ?? 0) + (ordered?.n ?? 0) > 0;
}

export async function listCurrencies(db: Db): Promise<{ currencies: Currency[] }> {
  const [rows, priced, ordered] = await Promise.all([
    db.select().from(currencies).orderBy(asc(currencies.code)),
    db.selectDistinct({ code: skuPrices.currency }).from(skuPrices),
    db.selectDistinct({ code: orders.currency }).from(orders),
  ]);
  const used = new Set([...priced, ...ordered].map((row) => row.code));
  return { currencies: rows.map((currency) => ({ ...currency, inUse: used.has(currency.code) })) };
}

export async function createCurrency(db: Db, user: SignedInUser, body: CurrencyBody) {
  return db.transaction(async (tx) => {
    const [saved] = await tx.insert(currencies).values(body).onConflictDoNothing().returning();
    if (!saved) throw conflict(`The currency ${body.code} exists already`);
    await recordAudit(tx, user, {
      action: 'currency.create',
      subjectType: 'currency',
      subjectId: body.code,
      details: { ...body },
    });
    return { ...saved, inUse: false } satisfies Currency;
  });
}

/** Amounts are kept in minor units: a currency prices or orders name keeps its minor units. */
export async function updateCurrency(db: Db, user: SignedInUser, code: string, body: CurrencyUpdateBody) {
  return db.transaction(async (tx) => {
    const before = await locked(
      tx.select().from(currencies).where(eq(currencies.code, code)).for('update'),
      `currency ${code}`,
    );
    const inUse = await currencyInUse(tx, code);
    if (inUse && body.minorUnits !== before.minorUnits)
      throw conflict(`Prices or orders are in ${code}: its minor units stay ${before.minorUnits}`);
    const [saved] = await tx.update(currencies).set(body).where(eq(currencies.code, code)).returning();
    await recordAudit(tx, user, {
      action: 'currency.update',
      subjectType: 'currency',
      subjectId: code,
      details: { from: before, to: body },
    });
    return { ...saved!, inUse } satisfies Currency;
  });
}

// ---- Payment method types ----

export async function listPaymentMethodTypes(db: Db): Promise<{ paymentMethodTypes: PaymentMethodType[] }> {
  const rows = await db
    .select()
    .from(paymentMethodTypes)
    .orderBy(asc(paymentMethodTypes.position), asc(paymentMethodTypes.code));
  return { paymentMethodTypes: rows };
}

/** The types are the ways the console takes money (card, bank transfer): renamed, ordered, switched on or off. */
export async function updatePaymentMethodType(
  db: Db,
  user: SignedInUser,
  code: string,
  body: PaymentMethodTypeBody,
) {
  return db.transaction(async (tx) => {
    const before = await locked(
      tx.select().from(paymentMethodTypes).where(eq(paymentMethodTypes.code, code)).for('update'),
      `payment method type ${code}`,
    );
    const [saved] = await tx
      .update(paymentMethodTypes)
      .set(body)
      .where(eq(paymentMethodTypes.code, code))
      .returning();
    await recordAudit(tx, user, {
      action: 'payment-method-type.update',
      subjectType: 'payment-method-type',
      subjectId: code,
      details: { from: before, to: body },
    });
    return saved!;
  });
}

/** The record a change is about, locked for it; a 404 naming what is missing. */
async function locked<T>(rows: PromiseLike<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound(`No ${what}`);
  return row;
}
