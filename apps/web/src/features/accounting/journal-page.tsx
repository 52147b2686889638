import { JOURNAL_LIST, JOURNAL_TOKENS, type Journal, type JournalAnswer } from '@fleet/contract';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { usePeriodFilters } from '../../hooks/use-period-filters';
import { JOURNAL_PATHS, journalQuery } from './api';
import { AccountingExportButton } from './export';

/** Per currency, the total of every entry the filters keep. */
function JournalTotals({ data }: { data: JournalAnswer | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!data || data.totals.length === 0) return null;
  return (
    <Text size="sm" data-testid="journal-totals">
      {t('accounting.journal.totals', {
        amounts: data.totals.map((total) => money(total.amountMinor, total.currency)).join(' · '),
      })}
    </Text>
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
              path={JOURNAL_PATHS[journal]}
              name={t(`accounting.tabs.${journal}_journal`)}
              filters={list.queryFilters}
              empty={list.call.data?.totalCount === 0}
            />
          }
        </Group>
      }
    >
      {(page) => (
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="sm" aria-label={t(`accounting.tabs.${journal}_journal`)}>
            <Table.Thead>
              <Table.Tr>
                {['number', 'at', 'company', 'description', 'lines', 'amount'].map((column) => (
                  <Table.Th key={column} ta={column === 'amount' ? 'right' : undefined}>
                    {t(`accounting.journal.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.map((entry) => (
                <Table.Tr key={entry.id} data-testid="journal-row">
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {entry.number}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.short(entry.at)}</Table.Td>
                  <Table.Td>
                    {entry.company.name}
                    {entry.orderNumber && (
                      <Text size="xs" c="dimmed">
                        {t('accounting.journal.order', { number: entry.orderNumber })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} ta="right">
                    {money(entry.amountMinor, entry.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TokenListFrame>
  );
}

export const SalesJournalPage = () => <JournalPage journal="sales" />;
export const PaymentsJournalPage = () => <JournalPage journal="payments" />;
