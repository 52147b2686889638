import {
  catalogueAnswerSchemas,
  currencySchema,
  paymentMethodTypeSchema,
  type CategoryBody,
  type CurrencyBody,
  type CurrencyUpdateBody,
  type PaymentMethodTypeBody,
  type ProductBody,
  type SkuBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';

/** Every catalogue query starts with this key: a change reloads them all. */
export const CATALOGUE_KEY = ['catalogue'] as const;

const listQuery = <T>(part: string, path: string, schema: z.ZodType<T>) =>
  queryOptions({
    queryKey: [...CATALOGUE_KEY, part],
    queryFn: ({ signal }) => apiRequest(path, { schema, signal }),
  });

export const categoriesQuery = listQuery('categories', '/Shop/Categories', catalogueAnswerSchemas.categories);
export const productsQuery = listQuery('products', '/Shop/Products', catalogueAnswerSchemas.products);
export const skusQuery = listQuery('skus', '/Shop/Skus', catalogueAnswerSchemas.skus);
export const currenciesQuery = listQuery('currencies', '/Shop/Currencies', catalogueAnswerSchemas.currencies);
export const paymentMethodTypesQuery = listQuery(
  'payment-method-types',
  '/Shop/PaymentMethodTypes',
  catalogueAnswerSchemas.paymentMethodTypes,
);

const savedSchema = z.object({ id: z.number() });
/** Creates (no id) or changes a numbered record of the catalogue. */
const save =
  <B>(path: string) =>
  (id: number | null, body: B) =>
    apiRequest(id === null ? path : `${path}/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body,
      schema: savedSchema,
    });

export const saveCategory = save<CategoryBody>('/Shop/Categories');
export const saveProduct = save<ProductBody>('/Shop/Products');
export const saveSku = save<SkuBody>('/Shop/Skus');

export const createCurrency = (body: CurrencyBody) =>
  apiRequest('/Shop/Currencies', { method: 'POST', body, schema: currencySchema });
export const updateCurrency = (code: string, body: CurrencyUpdateBody) =>
  apiRequest(`/Shop/Currencies/${code}`, { method: 'PUT', body, schema: currencySchema });
export const updatePaymentMethodType = (code: string, body: PaymentMethodTypeBody) =>
  apiRequest(`/Shop/PaymentMethodTypes/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body,
    schema: paymentMethodTypeSchema,
  });
