import { CUSTOMER_ACCOUNT_LIST, CUSTOMER_ACCOUNT_TOKENS, type CustomerAccount } from '@fleet/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import type { DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { customerAccountsQuery } from './api';
import { AccountingExportButton } from './export';

/** A journal filtered to a company's entries. */
const journalOf = (path: string, company: string) => `${path}?${new URLSearchParams({ Search: company })}`;

/**
 * Customer accounts (ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS): each company's receivables per currency, what
 * was invoiced, what was paid and the balance due, the largest first; each leads to its journal entries.
 */
export function CustomerAccountsPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
  const list = useTokenList({
    definition: CUSTOMER_ACCOUNT_LIST,
    rememberAs: 'customer-accounts',
    tokens: CUSTOMER_ACCOUNT_TOKENS,
    query: customerAccountsQuery,
    errorAction: 'accounting.customer_accounts',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Balance'
        ? definition.choices?.map((value) => ({ value, label: t(`accounting.customer_accounts.${value}`) }))
        : undefined,
    [t],
  );
  const amount = (minor: number, currency: string) => (
    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
      {money(minor, currency)}
    </Text>
  );
  const columns: DataColumn<CustomerAccount>[] = [
    {
      prop: 'company',
      labelLang: 'accounting.customer_accounts.columns.company',
      forceNormalWordBreak: true,
      cell: (account) => (
        <>
          {account.company.name}
          <Text size="xs" c="dimmed">
            {account.company.code} · {account.currency}
          </Text>
        </>
      ),
    },
    {
      prop: 'invoiced',
      labelLang: 'accounting.customer_accounts.columns.invoiced',
      type: 'number',
      cell: (account) => amount(account.invoicedMinor, account.currency),
    },
    {
      prop: 'paid',
      labelLang: 'accounting.customer_accounts.columns.paid',
      type: 'number',
      cell: (account) => amount(account.paidMinor, account.currency),
    },
    {
      prop: 'balance',
      labelLang: 'accounting.customer_accounts.columns.balance',
      type: 'number',
      cell: (account) => (
        <Text
          span
          inherit
          style={{ whiteSpace: 'nowrap' }}
          fw={account.balanceMinor !== 0 ? 600 : undefined}
          c={account.balanceMinor > 0 ? 'red' : undefined}
        >
          {money(account.balanceMinor, account.currency)}
        </Text>
      ),
    },
    {
      prop: 'last',
      labelLang: 'accounting.customer_accounts.columns.last',
      type: 'date',
      cell: (account) => date.short(account.lastEntryAt),
    },
    {
      prop: 'entries',
      labelLang: 'accounting.customer_accounts.columns.entries',
      cell: (account) => (
        <Group gap="sm" wrap="nowrap">
          <Anchor component={Link} to={journalOf(paths.accountingSalesJournal.path, account.company.name)}>
            {t('accounting.customer_accounts.invoices')}
          </Anchor>
          <Anchor component={Link} to={journalOf(paths.accountingPaymentsJournal.path, account.company.name)}>
            {t('accounting.customer_accounts.payments')}
          </Anchor>
        </Group>
      ),
    },
  ];
  return (
    <TokenListFrame
      state={list}
      items={(data) => data.customerAccounts}
      summary={(count) => t('accounting.customer_accounts.total', { count })}
      empty={{
        title: t('accounting.customer_accounts.empty_title'),
        text: t('accounting.customer_accounts.empty_text'),
      }}
      freeTextType="Search"
      options={options}
      actions={
        <AccountingExportButton
          task="customer-accounts-export"
          path={'/Accounting/CustomerAccounts'}
          name={t('accounting.tabs.customer_accounts')}
          filters={list.queryFilters}
          empty={list.call.data?.totalCount === 0}
        />
      }
      table={{
        label: t('accounting.tabs.customer_accounts'),
        columns,
        rowKey: (account) => `${account.company.id}-${account.currency}`,
        minWidth: 860,
      }}
    />
  );
}
