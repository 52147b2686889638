import {
  JOURNAL_LIST,
  JOURNAL_TOKENS,
  type Journal,
  type JournalAnswer,
  type JournalEntry,
} from '@fleet/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { DataColumn } from '../../components/table/data-table';
import { orderPath, paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { usePeriodFilters } from '../../hooks/use-period-filters';
import { JOURNAL_PATHS, journalQuery } from './api';
import { AccountingExportButton } from './export';

/** Per currency, the total of every entry the filters keep: amounts of two currencies are never added. */
function JournalTotals({ data }: { data: JournalAnswer | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!data || data.totals.length === 0) return null;
  return (
    <Group
      gap="xs"
      role="group"
      aria-label={t('accounting.journal.totals_label')}
      data-testid="journal-totals"
    >
      {data.totals.map((total) => (
        <Badge key={total.currency} variant="light" size="lg" tt="none">
          {t('accounting.journal.total_in', {
            currency: total.currency,
            amount: money(total.amountMinor, total.currency),
          })}
        </Badge>
      ))}
    </Group>
  );
}

/** A list filtered to a text (a company's account). */
const searchIn = (path: string, text: string) => `${path}?${new URLSearchParams({ Search: text })}`;

/** The accounts an entry debits and credits, one a line. */
function JournalLines({ entry }: { entry: JournalEntry }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Stack gap={0}>
      {entry.lines.map((line, index) => (
        <Text key={index} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t(line.debitMinor > 0 ? 'accounting.journal.debit' : 'accounting.journal.credit', {
            account: `${line.accountCode} ${line.accountName}`,
            amount: money(line.debitMinor || line.creditMinor, entry.currency),
          })}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A journal (sales or payments, docs/commerce.md "Accounting"): its entries newest first, each with the
 * accounts it debits and credits, filtered by text, currency and day, totalled, exported through a task.
 */
export function JournalPage({ journal }: { journal: Journal }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
  const periodFilters = usePeriodFilters();
  const list = useTokenList({
    definition: JOURNAL_LIST,
    rememberAs: `${journal}-journal`,
    tokens: JOURNAL_TOKENS,
    query: journalQuery(journal),
    queryFilters: periodFilters,
    errorAction: 'accounting.journal',
  });
  const columns: DataColumn<JournalEntry>[] = [
    {
      prop: 'number',
      labelLang: 'accounting.journal.columns.number',
      cell: (entry) => (
        <Text span inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {entry.number}
        </Text>
      ),
    },
    {
      prop: 'at',
      labelLang: 'accounting.journal.columns.at',
      type: 'date',
      cell: (entry) => date.short(entry.at),
    },
    {
      prop: 'company',
      labelLang: 'accounting.journal.columns.company',
      forceNormalWordBreak: true,
      cell: (entry) => (
        <>
          <Anchor
            component={Link}
            to={searchIn(paths.accountingCustomerAccounts.path, entry.company.name)}
            inherit
          >
            {entry.company.name}
          </Anchor>
          {entry.orderId !== null && entry.orderNumber && (
            <Anchor
              component={Link}
              to={orderPath(paths.accountingOrder, entry.orderId)}
              size="xs"
              display="block"
            >
              {t('accounting.journal.order', { number: entry.orderNumber })}
            </Anchor>
          )}
        </>
      ),
    },
    {
      prop: 'description',
      labelLang: 'accounting.journal.columns.description',
      forceNormalWordBreak: true,
      cell: (entry) => entry.description,
    },
    {
      prop: 'lines',
      labelLang: 'accounting.journal.columns.lines',
      cell: (entry) => <JournalLines entry={entry} />,
    },
    {
      prop: 'amount',
      labelLang: 'accounting.journal.columns.amount',
      type: 'number',
      styleJustify: 'right',
      cell: (entry) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {money(entry.amountMinor, entry.currency)}
        </Text>
      ),
    },
  ];
  return (
    <TokenListFrame
      state={list}
      items={(data) => data.entries}
      summary={(count) => t('accounting.journal.total', { count })}
      empty={{ title: t('accounting.journal.empty_title'), text: t(`accounting.journal.empty_${journal}`) }}
      freeTextType="Search"
      actions={
        <Group gap="md" align="flex-end">
          <JournalTotals data={list.call.data} />
          {
            <AccountingExportButton
              task={`${journal}-journal-export`}
              path={JOURNAL_PATHS[journal]}
              name={t(`accounting.tabs.${journal}_journal`)}
              filters={list.queryFilters}
              empty={list.call.data?.totalCount === 0}
            />
          }
        </Group>
      }
      table={{
        label: t(`accounting.tabs.${journal}_journal`),
        columns,
        rowKey: (entry) => String(entry.id),
        minWidth: 960,
      }}
    />
  );
}

export const SalesJournalPage = () => <JournalPage journal="sales" />;
export const PaymentsJournalPage = () => <JournalPage journal="payments" />;
