import {
  SHIPMENT_PROVIDER_KINDS,
  formatMinorUnits,
  shipmentProviderBodySchema,
  type ShipmentProviderAccount,
  type ShipmentProviderBody,
} from '@fleet/contract';
import { ActionIcon, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCanUse } from '../../hooks/use-can-use';
import { useContractForm } from '../../hooks/use-contract-form';
import { minorDigits, parseTypedAmount, useMoney } from '../../hooks/use-money';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { shopServiceCentersQuery } from '../../lib/endpoints/service-centers';
import { currenciesQuery, saveShipmentProviderMutation, shipmentProvidersQuery } from './api';
import { CatalogueTextField } from './catalogue-form';
import { CatalogueTab } from './catalogue-tab';

type RateTexts = { currency: string; perPackage: string; perKg: string }[];

/** An amount of a rate as typed ("18.00") in minor units; null where it does not read. */
const amountOf = (text: string, currency: string) => parseTypedAmount(text, minorDigits(currency));

/**
 * The rates the typed amounts give, in minor units; an amount that does not read stays in the body as no
 * number, so that the contract refuses it rather than the account being saved with its former rates.
 */
function ratesOf(texts: RateTexts): ShipmentProviderBody['rates'] {
  return texts.map((rate) => ({
    currency: rate.currency,
    perPackageMinor: amountOf(rate.perPackage, rate.currency) ?? Number.NaN,
    perKgMinor: amountOf(rate.perKg, rate.currency) ?? Number.NaN,
  }));
}

type ProviderValues = Omit<ShipmentProviderBody, 'rates'> & { rates: RateTexts };

function ShipmentProviderForm({
  record,
  finish,
}: {
  record: ShipmentProviderAccount | null;
  finish: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const managesGlobal = useCanUse('SHIPMENT_PROVIDERS.MANAGE_GLOBAL');
  const centers = useQuery(shopServiceCentersQuery);
  const currencies = useQuery(currenciesQuery);
  const form = useContractForm<typeof shipmentProviderBodySchema, ProviderValues>(
    shipmentProviderBodySchema,
    {
      serviceCenterId: record ? (record.serviceCenter?.id ?? null) : managesGlobal ? null : 0,
      name: record?.name ?? '',
      kind: record?.kind ?? 'sandbox',
      accountNumber: record?.accountNumber ?? '',
      rates: (record?.rates ?? []).map((rate) => ({
        currency: rate.currency,
        perPackage: formatMinorUnits(rate.perPackageMinor, minorDigits(rate.currency)),
        perKg: formatMinorUnits(rate.perKgMinor, minorDigits(rate.currency)),
      })),
      active: record?.active ?? true,
    },
    (values) => ({ ...values, rates: ratesOf(values.rates) }),
  );
  const texts = form.values.rates;
  const changeRates = (next: RateTexts) => form.set('rates', next);
  /** An amount field's problem: it does not read, or the server refused it. */
  const amountError = (
    index: number,
    text: string,
    currency: string,
    field: 'perPackageMinor' | 'perKgMinor',
  ) =>
    amountOf(text, currency) === null || form.refused(`rates.${index}.${field}`)
      ? t('orders_management.carriers.amount')
      : undefined;
  const saveProvider = useMutation(saveShipmentProviderMutation);
  const centerOptions = [
    ...(managesGlobal ? [{ value: 'global', label: t('orders_management.carriers.global') }] : []),
    ...(centers.data?.serviceCenters ?? []).map((center) => ({
      value: String(center.id),
      label: center.name,
    })),
  ];
  const unused = (currencies.data?.currencies ?? []).filter(
    (currency) => currency.active && !texts.some((rate) => rate.currency === currency.code),
  );
  return (
    <ContractFormFrame
      form={form}
      editing={record !== null}
      save={(body) => saveProvider.mutateAsync({ id: record?.id ?? null, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <Select
        label={t('orders_management.carriers.center')}
        data={centerOptions}
        value={
          form.values.serviceCenterId === null
            ? 'global'
            : form.values.serviceCenterId
              ? String(form.values.serviceCenterId)
              : null
        }
        onChange={(value) => value && form.set('serviceCenterId', value === 'global' ? null : Number(value))}
        error={form.refused('serviceCenterId') ? t('orders_management.carriers.center_required') : undefined}
        allowDeselect={false}
        required
      />
      <CatalogueTextField form={form} name="name" required maxLength={120} autoFocus />
      <Group grow align="flex-start">
        <Select
          label={t('orders_management.carriers.kind')}
          data={SHIPMENT_PROVIDER_KINDS.map((kind) => ({
            value: kind,
            label: t(`orders_management.carriers.kinds.${kind}`),
          }))}
          value={form.values.kind}
          onChange={(value) => value && form.set('kind', value as ShipmentProviderBody['kind'])}
          allowDeselect={false}
        />
        <TextInput
          label={t('orders_management.carriers.account')}
          value={form.values.accountNumber}
          onChange={(event) => form.set('accountNumber', event.currentTarget.value)}
          error={form.refused('accountNumber') ? t('orders_management.carriers.account_required') : undefined}
          maxLength={64}
          required
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('orders_management.carriers.rates')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('orders_management.carriers.rates_hint')}
        </Text>
        {texts.map((rate, index) => (
          <Group key={rate.currency} gap="xs" align="flex-end" wrap="nowrap">
            <Text w={40} pb={8} ff="monospace">
              {rate.currency}
            </Text>
            <TextInput
              label={t('orders_management.carriers.per_package')}
              inputMode="decimal"
              value={rate.perPackage}
              error={amountError(index, rate.perPackage, rate.currency, 'perPackageMinor')}
              onChange={(event) =>
                changeRates(
                  texts.map((r, i) => (i === index ? { ...r, perPackage: event.currentTarget.value } : r)),
                )
              }
            />
            <TextInput
              label={t('orders_management.carriers.per_kg')}
              inputMode="decimal"
              value={rate.perKg}
              error={amountError(index, rate.perKg, rate.currency, 'perKgMinor')}
              onChange={(event) =>
                changeRates(
                  texts.map((r, i) => (i === index ? { ...r, perKg: event.currentTarget.value } : r)),
                )
              }
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              onClick={() => changeRates(texts.filter((_, i) => i !== index))}
              aria-label={t('orders_management.carriers.remove_rate', { currency: rate.currency })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {unused.length > 0 && (
          <Select
            placeholder={t('orders_management.carriers.add_rate')}
            aria-label={t('orders_management.carriers.add_rate')}
            data={unused.map((currency) => currency.code)}
            value={null}
            onChange={(code) =>
              code && changeRates([...texts, { currency: code, perPackage: '', perKg: '' }])
            }
            maw={220}
          />
        )}
      </Stack>
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/**
 * Shipment providers (SHIPMENT_PROVIDERS): the carrier accounts packages are labelled with, each center's
 * own and the global ones every center without its own uses; their rates make each package's expected charge.
 */
export function ShipmentProvidersPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const manages = useCanUse('SHIPMENT_PROVIDERS.MANAGE');
  const managesGlobal = useCanUse('SHIPMENT_PROVIDERS.MANAGE_GLOBAL');
  return (
    <CatalogueTab
      part="shipment_providers"
      query={shipmentProvidersQuery}
      records={(data) => data.shipmentProviders}
      keyOf={(account) => account.id}
      nameOf={(account) => account.name}
      Form={ShipmentProviderForm}
      adds={manages}
      editable={(account) => manages && (account.serviceCenter !== null || managesGlobal)}
      columns={[
        { key: 'name', render: (account) => account.name },
        {
          key: 'center',
          render: (account) => account.serviceCenter?.name ?? t('orders_management.carriers.global'),
        },
        { key: 'account', render: (account) => account.accountNumber },
        {
          key: 'rates',
          render: (account) =>
            account.rates
              .map((rate) =>
                t('orders_management.carriers.rate', {
                  perPackage: money(rate.perPackageMinor, rate.currency),
                  perKg: money(rate.perKgMinor, rate.currency),
                }),
              )
              .join(' · ') || '—',
        },
        { key: 'packages', render: (account) => account.packageCount },
        { key: 'status', render: (account) => <ActiveBadge active={account.active} /> },
      ]}
    />
  );
}
