import { PACKAGE_LIST, PACKAGE_TOKENS, type PackageRow } from '@fleet/contract';
import { Badge, Button, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { openLinkInNewTab } from '../../../lib/download';
import { TokenListFrame } from '../../../components/list/token-list-frame';
import { useTokenList } from '../../../components/list/use-token-list';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { showError } from '../../../components/show-error';
import type { DataColumn } from '../../../components/table/data-table';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useMoney } from '../../../hooks/use-money';
import { messageKey } from '../../../lib/message-key';
import { packageLabel, packagesQuery } from '../api';

/** Opens a package's label (a PDF) in a new tab. */
const openLabel = (item: PackageRow) => openLinkInNewTab(() => packageLabel(item.id)).catch(showError);

/** The packages table's columns: where each goes, its state, its charge, and its label to print. */
function usePackageColumns(): DataColumn<PackageRow>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
  return [
    {
      prop: 'tracking',
      labelLang: 'orders_management.packages.columns.tracking',
      cell: (item) => (
        <>
          <Text size="sm" ff="monospace">
            {item.trackingNumber}
          </Text>
          <Text size="xs" c="dimmed">
            {item.carrier}
          </Text>
        </>
      ),
    },
    {
      prop: 'order',
      labelLang: 'orders_management.packages.columns.order',
      cell: (item) => (
        <>
          {item.orderNumber}
          <Text size="xs" c="dimmed">
            {item.companyName}
          </Text>
        </>
      ),
    },
    {
      prop: 'direction',
      labelLang: 'orders_management.packages.columns.direction',
      cell: (item) => t(`orders_management.packages.directions.${item.direction}`),
    },
    {
      prop: 'status',
      labelLang: 'orders_management.packages.columns.status',
      type: 'status',
      cell: (item) => (
        <Badge variant="light" color={item.status === 'delivered' ? 'green' : 'blue'}>
          {t(`orders.packages.status.${messageKey(item.status)}`)}
        </Badge>
      ),
    },
    {
      prop: 'pickup',
      labelLang: 'orders_management.packages.columns.pickup',
      type: 'date',
      cell: (item) => (item.pickupDate ? date.day(item.pickupDate) : '—'),
    },
    {
      prop: 'weight',
      labelLang: 'orders_management.packages.columns.weight',
      type: 'number',
      cell: (item) =>
        `${(item.weightGrams / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} kg`,
    },
    {
      prop: 'expected',
      labelLang: 'orders_management.packages.columns.expected',
      type: 'number',
      cell: (item) => money(item.expectedChargeMinor, item.currency),
    },
    {
      prop: 'customs',
      labelLang: 'orders_management.packages.columns.customs',
      cell: (item) => item.customsDeclaration ?? '—',
    },
    {
      prop: 'label',
      labelLang: 'orders_management.packages.columns.label',
      type: 'action',
      cell: (item) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void openLabel(item)}
          aria-label={t('orders_management.packages.label_of', { tracking: item.trackingNumber })}
        >
          {t('orders_management.packages.label')}
        </Button>
      ),
    },
  ];
}

/** Orders management's packages: to the centers and back, with their labels and customs declarations. */
export function PackagesPage() {
  const { t } = useTranslation();
  const list = useTokenList({
    definition: PACKAGE_LIST,
    rememberAs: 'packages',
    tokens: PACKAGE_TOKENS,
    query: packagesQuery,
    errorAction: 'orders_management.packages',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Direction'
        ? definition.choices?.map((value) => ({
            value,
            label: t(`orders_management.packages.directions.${value}`),
          }))
        : definition.type === 'Status'
          ? definition.choices?.map((value) => ({
              value,
              label: t(`orders.packages.status.${messageKey(value)}`),
            }))
          : undefined,
    [t],
  );
  const columns = usePackageColumns();
  return (
    <TokenListFrame
      state={list}
      items={(data) => data.packages}
      summary={(count) => t('orders_management.packages.total', { count })}
      empty={{
        title: t('orders_management.packages.empty_title'),
        text: t('orders_management.packages.empty_text'),
      }}
      freeTextType="Search"
      options={options}
      table={{
        label: t('orders_management.packages.table'),
        columns,
        rowKey: (item) => String(item.id),
        minWidth: 980,
      }}
    />
  );
}
