import {
  catalogueAnswerSchemas,
  currencySchema,
  paymentMethodTypeSchema,
  type CategoryBody,
  type CurrencyBody,
  type CurrencyUpdateBody,
  type PaymentMethodTypeBody,
  type ProductBody,
  type ShipmentProviderBody,
  shipmentProviderListAnswerSchema,
  type SkuBody,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
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
export const shipmentProvidersQuery = listQuery(
  'shipment-providers',
  '/Shop/ShipmentProviders',
  shipmentProviderListAnswerSchema,
);
export const paymentMethodTypesQuery = listQuery(
  'payment-method-types',
  '/Shop/PaymentMethodTypes',
  catalogueAnswerSchemas.paymentMethodTypes,
);

const savedSchema = z.object({ id: z.number() });
/** A numbered record of the catalogue created (no id) or changed: the catalogue's lists reload. */
const saveMutation = <B>(part: string, path: string) =>
  mutationOptions({
    mutationKey: [...CATALOGUE_KEY, part, 'save'],
    mutationFn: ({ id, body }: { id: number | null; body: B }) =>
      apiRequest(id === null ? path : `${path}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: savedSchema,
      }),
    meta: { changes: [CATALOGUE_KEY] },
  });

export const saveCategoryMutation = saveMutation<CategoryBody>('categories', '/Shop/Categories');
export const saveProductMutation = saveMutation<ProductBody>('products', '/Shop/Products');
export const saveSkuMutation = saveMutation<SkuBody>('skus', '/Shop/Skus');
export const saveShipmentProviderMutation = saveMutation<ShipmentProviderBody>(
  'shipment-providers',
  '/Shop/ShipmentProviders',
);

/** A currency added (no code yet) or changed. */
export const saveCurrencyMutation = mutationOptions({
  mutationKey: [...CATALOGUE_KEY, 'currencies', 'save'],
  mutationFn: ({ code, body }: { code: string | null; body: CurrencyBody | CurrencyUpdateBody }) =>
    code === null
      ? apiRequest('/Shop/Currencies', { method: 'POST', body, schema: currencySchema })
      : apiRequest(`/Shop/Currencies/${code}`, { method: 'PUT', body, schema: currencySchema }),
  meta: { changes: [CATALOGUE_KEY] },
});

export const updatePaymentMethodTypeMutation = mutationOptions({
  mutationKey: [...CATALOGUE_KEY, 'payment-method-types', 'save'],
  mutationFn: ({ code, body }: { code: string; body: PaymentMethodTypeBody }) =>
    apiRequest(`/Shop/PaymentMethodTypes/${encodeURIComponent(code)}`, {
      method: 'PUT',
      body,
      schema: paymentMethodTypeSchema,
    }),
  meta: { changes: [CATALOGUE_KEY] },
});
