import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from './money.ts';
import { MAX_ID } from './api.ts';

/**
 * docs/commerce.md "Catalogue": what is sold (categories, products, SKUs with a price per currency), the
 * currencies and the payment method types. Nothing an order may name is deleted: it is deactivated.
 */
export const PRODUCT_KINDS = ['calibration', 'part', 'service'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const CATALOGUE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const codeSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(CATALOGUE_CODE_PATTERN, 'must be letters, digits, dots, dashes or underscores');
const nameSchema = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const descriptionSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .nullable()
  .optional()
  .transform((text) => (text ? text : null));
const idSchema = z.number().int().positive().max(MAX_ID);

export const categorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryBodySchema = z.strictObject({
  code: codeSchema.meta({ examples: ['ACCESSORIES'] }),
  name: nameSchema.meta({ examples: ['Accessories'] }),
  description: descriptionSchema,
  active: z.boolean(),
});
export type CategoryBody = z.input<typeof categoryBodySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(PRODUCT_KINDS),
  active: z.boolean(),
  skuCount: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
export const productBodySchema = z.strictObject({
  code: codeSchema.meta({ examples: ['BATTERY'] }),
  name: nameSchema.meta({ examples: ['Spare battery'] }),
  description: descriptionSchema,
  categoryId: idSchema.meta({ examples: [1] }),
  kind: z.enum(PRODUCT_KINDS),
  active: z.boolean(),
});
export type ProductBody = z.input<typeof productBodySchema>;

export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
/** A currency code as the catalogue keeps it: three capitals (ISO 4217). */
export const catalogueCurrencySchema = z
  .string()
  .max(3, 'must be 3 letters')
  .regex(CURRENCY_CODE_PATTERN, 'must be a 3-letter ISO 4217 code in capitals');

/** A list of amounts gives each currency once: the second is an issue at `<field>.N.currency`. */
export function checkOneAmountPerCurrency(
  amounts: readonly { currency: string }[],
  field: string,
  context: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  amounts.forEach((amount, index) => {
    if (seen.has(amount.currency))
      context.addIssue({ code: 'custom', path: [field, index, 'currency'], message: 'is given twice' });
    seen.add(amount.currency);
  });
}

export const skuPriceSchema = z.object({
  currency: catalogueCurrencySchema,
  amountMinor: z
    .number()
    .int('must be a whole number of minor units')
    .min(0, 'must not be negative')
    .max(MAX_AMOUNT_MINOR, 'is too large'),
});
export const TARIFF_CODE_PATTERN = /^[0-9]{4}(\.[0-9]{2}){0,3}$/;
export const skuSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  product: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(PRODUCT_KINDS) }),
  deviceType: z.string().nullable(),
  weightGrams: z.number().int(),
  tariffCode: z.string().nullable(),
  originRegion: z.string().nullable(),
  active: z.boolean(),
  prices: z.array(skuPriceSchema),
});
export type Sku = z.infer<typeof skuSchema>;
export const skuBodySchema = z
  .strictObject({
    code: codeSchema.meta({ examples: ['BATTERY-01'] }),
    name: nameSchema.meta({ examples: ['Spare battery pack'] }),
    productId: idSchema.meta({ examples: [1] }),
    deviceType: z.string().trim().max(32, 'must be at most 32 characters').nullable(),
    weightGrams: z
      .number()
      .int('must be whole grams')
      .min(0, 'must not be negative')
      .max(1_000_000, 'is too heavy'),
    tariffCode: z
      .string()
      .max(13, 'must be at most 13 characters')
      .regex(TARIFF_CODE_PATTERN, 'must be a tariff number such as 9031.80')
      .nullable()
      .meta({ examples: ['9031.80'] }),
    originRegion: z
      .string()
      .max(2, 'must be 2 letters')
      .regex(/^[A-Z]{2}$/, 'must be a 2-letter region code in capitals')
      .nullable()
      .meta({ examples: ['FR'] }),
    active: z.boolean(),
    prices: z.array(skuPriceSchema).max(20, 'must be at most 20 prices'),
  })
  .superRefine((body, context) => checkOneAmountPerCurrency(body.prices, 'prices', context));
export type SkuBody = z.input<typeof skuBodySchema>;

export const currencySchema = z.object({
  code: z.string(),
  name: z.string(),
  minorUnits: z.number().int(),
  active: z.boolean(),
  /** Prices or orders name it: its minor units stay. */
  inUse: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;
const minorUnitsSchema = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 to 4')
  .max(4, 'must be 0 to 4');
export const currencyBodySchema = z.strictObject({
  code: catalogueCurrencySchema.meta({ examples: ['GBP'] }),
  name: nameSchema.meta({ examples: ['Pound sterling'] }),
  minorUnits: minorUnitsSchema.meta({ examples: [2] }),
  active: z.boolean(),
});
export type CurrencyBody = z.input<typeof currencyBodySchema>;
export const currencyUpdateBodySchema = currencyBodySchema.omit({ code: true });
export type CurrencyUpdateBody = z.input<typeof currencyUpdateBodySchema>;

export const paymentMethodTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  position: z.number().int(),
});
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>;
export const paymentMethodTypeBodySchema = z.strictObject({
  name: nameSchema.meta({ examples: ['Bank transfer'] }),
  active: z.boolean(),
  position: z.number().int('must be a whole number').min(0, 'must be 0 to 99').max(99, 'must be 0 to 99'),
});
export type PaymentMethodTypeBody = z.input<typeof paymentMethodTypeBodySchema>;

export const catalogueAnswerSchemas = {
  categories: z.object({ categories: z.array(categorySchema) }),
  products: z.object({ products: z.array(productSchema) }),
  skus: z.object({ skus: z.array(skuSchema) }),
  currencies: z.object({ currencies: z.array(currencySchema) }),
  paymentMethodTypes: z.object({ paymentMethodTypes: z.array(paymentMethodTypeSchema) }),
};
