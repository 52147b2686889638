import { formatMinorUnits, skuBodySchema, type Sku, type SkuBody } from '@fleet/contract';
import { Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { minorDigits, parseTypedAmount, useMoney } from '../../hooks/use-money';
import { currenciesQuery, productsQuery, saveSkuMutation, skusQuery } from './api';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { CatalogueTextField } from './catalogue-form';
import { CatalogueTab } from './catalogue-tab';

/** The price of each currency as the user typed it ("89,00"), by currency code; empty: not offered. */
type PriceTexts = Record<string, string>;

/**
 * The prices a SKU's typed amounts give, in minor units; an amount that does not read stays in the body
 * as no number, so that the contract refuses it rather than the SKU being saved without that price.
 */
function pricesOf(texts: PriceTexts, minorUnitsOf: (currency: string) => number): SkuBody['prices'] {
  return Object.entries(texts)
    .filter(([, text]) => text.trim() !== '')
    .map(([currency, text]) => ({
      currency,
      amountMinor: parseTypedAmount(text, minorUnitsOf(currency)) ?? Number.NaN,
    }));
}

/** The price fields, one per active currency: typed as the user writes money, kept in minor units. */
function PriceFields({
  texts,
  onChange,
  refused,
}: {
  texts: PriceTexts;
  onChange: (texts: PriceTexts) => void;
  refused: (currency: string) => boolean;
}) {
  const { t } = useTranslation();
  const currencies = useQuery(currenciesQuery);
  const offered = (currencies.data?.currencies ?? []).filter(
    (currency) => currency.active || (texts[currency.code] ?? '') !== '',
  );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('catalogue.fields.prices')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('catalogue.fields.prices_hint')}
      </Text>
      <SimpleGrid cols={2}>
        {offered.map((currency) => (
          <TextInput
            key={currency.code}
            label={currency.code}
            inputMode="decimal"
            value={texts[currency.code] ?? ''}
            onChange={(event) => onChange({ ...texts, [currency.code]: event.currentTarget.value })}
            error={
              refused(currency.code) ||
              ((texts[currency.code] ?? '').trim() !== '' &&
                parseTypedAmount(texts[currency.code] ?? '', currency.minorUnits) === null)
                ? t('catalogue.problems.price')
                : undefined
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type SkuValues = Omit<SkuBody, 'prices'> & { prices: PriceTexts };

function SkuForm({ record, finish }: { record: Sku | null; finish: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const products = useQuery(productsQuery);
  const currencies = useQuery(currenciesQuery);
  const minorUnitsOf = (code: string) =>
    currencies.data?.currencies.find((currency) => currency.code === code)?.minorUnits ?? minorDigits(code);
  const bodyOf = (values: SkuValues): SkuBody => ({
    ...values,
    prices: pricesOf(values.prices, minorUnitsOf),
  });
  const form = useContractForm<typeof skuBodySchema, SkuValues>(
    skuBodySchema,
    {
      code: record?.code ?? '',
      name: record?.name ?? '',
      productId: record?.product.id ?? 0,
      deviceType: record?.deviceType ?? null,
      weightGrams: record?.weightGrams ?? 0,
      tariffCode: record?.tariffCode ?? null,
      originRegion: record?.originRegion ?? null,
      active: record?.active ?? true,
      prices: Object.fromEntries(
        (record?.prices ?? []).map((price) => [
          price.currency,
          formatMinorUnits(price.amountMinor, minorDigits(price.currency)),
        ]),
      ),
    },
    bodyOf,
  );
  /** A price is refused at its place among the prices sent. */
  const priceRefused = (code: string) => {
    const index = bodyOf(form.values).prices.findIndex((price) => price.currency === code);
    return index >= 0 && form.refused(`prices.${index}`);
  };
  const saveSku = useMutation(saveSkuMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={record !== null}
      save={(body) => saveSku.mutateAsync({ id: record?.id ?? null, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <Group grow align="flex-start">
        <CatalogueTextField form={form} name="code" required maxLength={40} autoFocus />
        <Select
          label={t('catalogue.fields.product')}
          required
          searchable
          data={(products.data?.products ?? []).map((product) => ({
            value: String(product.id),
            label: product.name,
          }))}
          value={form.values.productId ? String(form.values.productId) : null}
          onChange={(value) => form.set('productId', Number(value))}
          error={form.refused('productId') ? t('catalogue.problems.product') : undefined}
          allowDeselect={false}
        />
      </Group>
      <CatalogueTextField form={form} name="name" required maxLength={120} />
      <Group grow align="flex-start">
        <CatalogueTextField form={form} name="deviceType" label="device_type" emptyIsNone maxLength={32} />
        <NumberInput
          label={t('catalogue.fields.weight')}
          value={form.values.weightGrams}
          onChange={(value) => form.set('weightGrams', typeof value === 'number' ? value : 0)}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          suffix=" g"
          error={form.refused('weightGrams') ? t('catalogue.problems.weight') : undefined}
        />
      </Group>
      <Group grow align="flex-start">
        <CatalogueTextField form={form} name="tariffCode" label="tariff" emptyIsNone maxLength={13} />
        <CatalogueTextField
          form={form}
          name="originRegion"
          label="origin"
          capitals
          emptyIsNone
          maxLength={2}
        />
      </Group>
      <PriceFields
        texts={form.values.prices}
        onChange={(texts) => form.set('prices', texts)}
        refused={priceRefused}
      />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/** SKUs (SHOPPING.MANAGE.SKUS): what is sold, with a price in each currency. */
export function SkusPage() {
  const money = useMoney();
  return (
    <CatalogueTab
      part="skus"
      query={skusQuery}
      records={(data) => data.skus}
      keyOf={(sku) => sku.id}
      nameOf={(sku) => sku.code}
      Form={SkuForm}
      columns={[
        { key: 'code', render: (sku) => sku.code },
        { key: 'name', render: (sku) => sku.name },
        { key: 'product', render: (sku) => sku.product.name },
        { key: 'device_type', render: (sku) => sku.deviceType ?? '—' },
        {
          key: 'prices',
          render: (sku) =>
            sku.prices.map((price) => money(price.amountMinor, price.currency)).join(' · ') || '—',
        },
        { key: 'status', render: (sku) => <ActiveBadge active={sku.active} /> },
      ]}
    />
  );
}
