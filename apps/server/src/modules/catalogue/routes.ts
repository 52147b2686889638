import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogueAnswerSchemas,
  catalogueCurrencySchema,
  categoryBodySchema,
  currencyBodySchema,
  currencySchema,
  currencyUpdateBodySchema,
  idParamSchema,
  paymentMethodTypeBodySchema,
  paymentMethodTypeSchema,
  productBodySchema,
  skuBodySchema,
  type AuditAction,
  type FeatureCode,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import {
  createCurrency,
  listCategories,
  listCurrencies,
  listPaymentMethodTypes,
  listProducts,
  listSkus,
  saveCategory,
  saveProduct,
  saveSku,
  updateCurrency,
  updatePaymentMethodType,
} from './service.ts';

const tags = ['catalogue'];
const idParams = z.object({ id: idParamSchema });
const saved = z.object({ id: z.number().int() });
const currencyParams = z.object({ code: catalogueCurrencySchema });
const paymentTypeParams = z.object({
  code: z
    .string()
    .max(40, 'must be at most 40 characters')
    .regex(/^[a-z-]+$/, 'must be a type code'),
});

/** Shopping management's catalogue (docs/commerce.md "Catalogue"), each part by its own feature. */
export async function catalogueRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const access = (feature: FeatureCode) => ({ feature });

  /** A part of the catalogue with numbered records: listed, created, changed (never deleted). */
  function numbered<B extends z.ZodType>(part: {
    path: string;
    name: string;
    plural: string;
    feature: FeatureCode;
    answer: z.ZodType;
    body: B;
    audit: [AuditAction, AuditAction];
    list: () => Promise<unknown>;
    save: (
      id: number | null,
      body: z.output<B>,
      user: ReturnType<typeof signedInUser>,
    ) => Promise<{ id: number }>;
  }) {
    routes.get(
      part.path,
      {
        config: { access: access(part.feature) },
        schema: {
          operationId: `list${part.plural}`,
          tags,
          summary: `The catalogue's ${part.plural.toLowerCase()}, active or not`,
          response: { 200: part.answer },
        },
      },
      async () => part.list(),
    );
    routes.post(
      part.path,
      {
        config: { access: access(part.feature), audit: { actions: [part.audit[0]] } },
        schema: {
          operationId: `create${part.name}`,
          tags,
          summary: `Adds a ${part.name.toLowerCase()} (409 when its code is taken)`,
          body: part.body,
          response: { 201: saved },
        },
      },
      async (request, reply) => {
        const record = await part.save(null, request.body as z.output<B>, signedInUser(request));
        return reply.status(201).send({ id: record.id });
      },
    );
    routes.put(
      `${part.path}/:id`,
      {
        config: { access: access(part.feature), audit: { actions: [part.audit[1]] } },
        schema: {
          operationId: `update${part.name}`,
          tags,
          summary: `Changes a ${part.name.toLowerCase()}; deactivated, it is no longer offered but orders keep it`,
          params: idParams,
          body: part.body,
          response: { 200: saved },
        },
      },
      async (request) => {
        const record = await part.save(request.params.id, request.body as z.output<B>, signedInUser(request));
        return { id: record.id };
      },
    );
  }

  numbered({
    path: '/api/Shop/Categories',
    name: 'Category',
    plural: 'Categories',
    feature: 'SHOPPING.MANAGE.CATEGORIES',
    answer: catalogueAnswerSchemas.categories,
    body: categoryBodySchema,
    audit: ['category.create', 'category.update'],
    list: () => listCategories(db()),
    save: (id, body, user) => saveCategory(db(), user, id, body),
  });
  numbered({
    path: '/api/Shop/Products',
    name: 'Product',
    plural: 'Products',
    feature: 'SHOPPING.MANAGE.PRODUCTS',
    answer: catalogueAnswerSchemas.products,
    body: productBodySchema,
    audit: ['product.create', 'product.update'],
    list: () => listProducts(db()),
    save: (id, body, user) => saveProduct(db(), user, id, body),
  });
  numbered({
    path: '/api/Shop/Skus',
    name: 'Sku',
    plural: 'Skus',
    feature: 'SHOPPING.MANAGE.SKUS',
    answer: catalogueAnswerSchemas.skus,
    body: skuBodySchema,
    audit: ['sku.create', 'sku.update'],
    list: () => listSkus(db()),
    save: (id, body, user) => saveSku(db(), user, id, body),
  });

  routes.get(
    '/api/Shop/Currencies',
    {
      config: { access: access('SHOPPING.MANAGE.CURRENCIES') },
      schema: {
        operationId: 'listCurrencies',
        tags,
        summary: 'The currencies prices and orders are in, each saying whether one names it',
        response: { 200: catalogueAnswerSchemas.currencies },
      },
    },
    async () => listCurrencies(db()),
  );
  routes.post(
    '/api/Shop/Currencies',
    {
      config: { access: access('SHOPPING.MANAGE.CURRENCIES'), audit: { actions: ['currency.create'] } },
      schema: {
        operationId: 'createCurrency',
        tags,
        summary: 'Adds a currency (409 when it exists)',
        body: currencyBodySchema,
        response: { 201: currencySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCurrency(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Shop/Currencies/:code',
    {
      config: { access: access('SHOPPING.MANAGE.CURRENCIES'), audit: { actions: ['currency.update'] } },
      schema: {
        operationId: 'updateCurrency',
        tags,
        summary: 'Changes a currency; its minor units stay once prices or orders name it (409)',
        params: currencyParams,
        body: currencyUpdateBodySchema,
        response: { 200: currencySchema },
      },
    },
    async (request) => updateCurrency(db(), signedInUser(request), request.params.code, request.body),
  );

  routes.get(
    '/api/Shop/PaymentMethodTypes',
    {
      config: { access: access('SHOPPING.MANAGE.PAYMENT_METHOD_TYPES') },
      schema: {
        operationId: 'listPaymentMethodTypes',
        tags,
        summary: 'The ways customers pay, in the order they are offered',
        response: { 200: catalogueAnswerSchemas.paymentMethodTypes },
      },
    },
    async () => listPaymentMethodTypes(db()),
  );
  routes.put(
    '/api/Shop/PaymentMethodTypes/:code',
    {
      config: {
        access: access('SHOPPING.MANAGE.PAYMENT_METHOD_TYPES'),
        audit: { actions: ['payment-method-type.update'] },
      },
      schema: {
        operationId: 'updatePaymentMethodType',
        tags,
        summary: 'Renames, orders, offers or withdraws a way to pay',
        params: paymentTypeParams,
        body: paymentMethodTypeBodySchema,
        response: { 200: paymentMethodTypeSchema },
      },
    },
    async (request) =>
      updatePaymentMethodType(db(), signedInUser(request), request.params.code, request.body),
  );
}
