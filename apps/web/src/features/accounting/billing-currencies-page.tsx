import { billingCurrencyBodySchema, type BillingCurrency } from '@fleet/contract';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useContractForm } from '../../hooks/use-contract-form';
import { i18n } from '../../lib/i18n';
import { billingCurrenciesQuery, setBillingCurrencyMutation } from './api';

function BillingCurrencyForm({
  row,
  currencies,
  finish,
}: {
  row: BillingCurrency;
  currencies: readonly string[];
  finish: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(billingCurrencyBodySchema, { currency: row.billingCurrency });
  const save = useMutation(setBillingCurrencyMutation);
  return (
    <ContractFormFrame
      form={form}
      editing
      save={(body) => save.mutateAsync({ companyId: row.company.id, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
      confirmLabel={t('accounting.billing_currencies.save')}
    >
      <Select
        label={t('accounting.billing_currencies.currency')}
        description={t('accounting.billing_currencies.currency_hint')}
        data={[...currencies]}
        value={form.values.currency}
        onChange={(currency) => currency && form.set('currency', currency)}
        allowDeselect={false}
        data-autofocus
        error={form.error('currency')}
      />
    </ContractFormFrame>
  );
}

const openBillingCurrencyDialog = (row: BillingCurrency, currencies: readonly string[]) =>
  openDialog<boolean>(
    i18n.t('accounting.billing_currencies.change_title', { company: row.company.name }),
    (finish) => <BillingCurrencyForm row={row} currencies={currencies} finish={finish} />,
    false,
  );

/**
 * Billing currencies (ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS, docs/commerce.md "Currencies"): each company
 * that buys, the currency it is billed in whatever language its users read, and the currencies of its
 * orders so far; accounting changes it for the orders placed after.
 */
export function BillingCurrenciesPage() {
  const { t } = useTranslation();
  const answer = useQuery(billingCurrenciesQuery);
  const currencies = answer.data?.currencies ?? [];
  const columns: DataColumn<BillingCurrency>[] = [
    {
      prop: 'company',
      labelLang: 'accounting.billing_currencies.columns.company',
      forceNormalWordBreak: true,
      cell: (row) => (
        <>
          {row.company.name}
          <Text size="xs" c="dimmed">
            {row.company.code} · {row.company.country}
          </Text>
        </>
      ),
    },
    {
      prop: 'billingCurrency',
      labelLang: 'accounting.billing_currencies.columns.currency',
      cell: (row) => <Badge variant="light">{row.billingCurrency}</Badge>,
    },
    {
      prop: 'orderCurrencies',
      labelLang: 'accounting.billing_currencies.columns.orders',
      cell: (row) =>
        row.orderCurrencies.length === 0 ? (
          <Text span inherit c="dimmed">
            {t('accounting.billing_currencies.no_order')}
          </Text>
        ) : (
          row.orderCurrencies.join(', ')
        ),
    },
    {
      prop: 'actions',
      labelLang: 'accounting.billing_currencies.columns.actions',
      type: 'action',
      cell: (row) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void openBillingCurrencyDialog(row, currencies)}
          aria-label={t('accounting.billing_currencies.change_of', { company: row.company.name })}
        >
          {t('accounting.billing_currencies.change')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group>
        <Text c="dimmed" maw={760}>
          {t('accounting.billing_currencies.intro')}
        </Text>
      </Group>
      <CallState call={answer}>
        {(data) => (
          <DataTable
            label={t('accounting.tabs.billing_currencies')}
            columns={columns}
            items={data.billingCurrencies}
            rowKey={(row) => row.company.id}
            minWidth={640}
          />
        )}
      </CallState>
    </Stack>
  );
}
