import { CUSTOMS_LIST, CUSTOMS_TOKENS, type CustomsDeclaration } from '@fleet/contract';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import { showError } from '../../components/show-error';
import type { DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { usePeriodFilters } from '../../hooks/use-period-filters';
import { useRegionName } from '../../hooks/use-region-name';
import { openLinkInNewTab } from '../../lib/download';
import { messageKey } from '../../lib/message-key';
import { customsDeclarationsQuery, customsDocument } from './api';
import { AccountingExportButton } from './export';

/** Opens a declaration's PDF in a new tab. */
const openDocument = (declaration: CustomsDeclaration) =>
  openLinkInNewTab(() => customsDocument(declaration.id)).catch(showError);

/**
 * Customs declarations (ACCOUNTING_MANAGE.CUSTOMS_DECLARATION): one per package that crossed a border, with
 * what it declared, printable and exported through a task.
 */
export function CustomsDeclarationsPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
  const region = useRegionName();
  const periodFilters = usePeriodFilters();
  const list = useTokenList({
    definition: CUSTOMS_LIST,
    rememberAs: 'customs-declarations',
    tokens: CUSTOMS_TOKENS,
    query: customsDeclarationsQuery,
    queryFilters: periodFilters,
    errorAction: 'accounting.customs',
  });
  const columns: DataColumn<CustomsDeclaration>[] = [
    {
      prop: 'number',
      labelLang: 'accounting.customs.columns.number',
      cell: (declaration) => (
        <Text span inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {declaration.number}
        </Text>
      ),
    },
    {
      prop: 'at',
      labelLang: 'accounting.customs.columns.at',
      type: 'date',
      cell: (declaration) => date.short(declaration.createdAt),
    },
    {
      prop: 'order',
      labelLang: 'accounting.customs.columns.order',
      cell: (declaration) => (
        <>
          {declaration.orderNumber}
          <Text size="xs" c="dimmed">
            {declaration.companyName} · {declaration.trackingNumber}
          </Text>
        </>
      ),
    },
    {
      prop: 'route',
      labelLang: 'accounting.customs.columns.route',
      forceNormalWordBreak: true,
      cell: (declaration) => (
        <>
          {t('accounting.customs.route', {
            from: region(declaration.fromRegion),
            to: region(declaration.toRegion),
          })}
          <Text size="xs" c="dimmed">
            {t(`accounting.customs.reasons.${messageKey(declaration.reason)}`)}
          </Text>
        </>
      ),
    },
    {
      prop: 'contents',
      labelLang: 'accounting.customs.columns.contents',
      forceNormalWordBreak: true,
      cell: (declaration) =>
        declaration.items.map((item, index) => (
          <Text key={index} size="xs">
            {[item.description, item.serialNumber, item.tariffCode].filter(Boolean).join(' · ')}
          </Text>
        )),
    },
    {
      prop: 'value',
      labelLang: 'accounting.customs.columns.value',
      type: 'number',
      cell: (declaration) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {money(declaration.totalMinor, declaration.currency)}
        </Text>
      ),
    },
    {
      prop: 'document',
      labelLang: 'accounting.customs.columns.document',
      type: 'action',
      cell: (declaration) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void openDocument(declaration)}
          aria-label={t('accounting.customs.document_of', { number: declaration.number })}
        >
          {t('accounting.customs.document')}
        </Button>
      ),
    },
  ];
  return (
    <TokenListFrame
      state={list}
      items={(data) => data.declarations}
      summary={(count) => t('accounting.customs.total', { count })}
      empty={{ title: t('accounting.customs.empty_title'), text: t('accounting.customs.empty_text') }}
      freeTextType="Search"
      actions={
        <AccountingExportButton
          task="customs-declarations-export"
          path={'/Accounting/CustomsDeclarations'}
          name={t('accounting.tabs.customs')}
          filters={list.queryFilters}
          empty={list.call.data?.totalCount === 0}
        />
      }
      table={{
        label: t('accounting.tabs.customs'),
        columns,
        rowKey: (declaration) => String(declaration.id),
        minWidth: 960,
      }}
    />
  );
}
