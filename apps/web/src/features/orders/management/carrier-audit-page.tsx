import { CARRIER_AUDIT_LIST, CARRIER_AUDIT_TOKENS, type PackageRow } from '@fleet/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenListFrame } from '../../../components/list/token-list-frame';
import { useTokenList } from '../../../components/list/use-token-list';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { showError } from '../../../components/show-error';
import type { DataColumn } from '../../../components/table/data-table';
import { useMoney } from '../../../hooks/use-money';
import { messageKey } from '../../../lib/message-key';
import { carrierAuditQuery, reviewCarrierChargeMutation } from '../api';

const COLOURS = { pending: 'orange', matched: 'green', accepted: 'teal', disputed: 'red' } as const;

/** The billed charge against the expected one. */
const differenceOf = (item: PackageRow) => (item.billedChargeMinor ?? 0) - item.expectedChargeMinor;

/** The audit table's columns; a package not matched is accepted or disputed (`review`), one at a time. */
function useAuditColumns(
  review: (item: PackageRow, status: 'accepted' | 'disputed') => Promise<unknown>,
  busy: boolean,
): DataColumn<PackageRow>[] {
  const { t } = useTranslation();
  const money = useMoney();
  return [
    {
      prop: 'tracking',
      labelLang: 'orders_management.audit.columns.tracking',
      cell: (item) => (
        <Text span size="sm" ff="monospace">
          {item.trackingNumber}
        </Text>
      ),
    },
    {
      prop: 'order',
      labelLang: 'orders_management.audit.columns.order',
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
      prop: 'expected',
      labelLang: 'orders_management.audit.columns.expected',
      type: 'number',
      cell: (item) => money(item.expectedChargeMinor, item.currency),
    },
    {
      prop: 'billed',
      labelLang: 'orders_management.audit.columns.billed',
      type: 'number',
      cell: (item) => money(item.billedChargeMinor ?? 0, item.currency),
    },
    {
      prop: 'difference',
      labelLang: 'orders_management.audit.columns.difference',
      type: 'number',
      cell: (item) => {
        const difference = differenceOf(item);
        if (difference === 0) return '—';
        return (
          <Text span size="sm" c={difference > 0 ? 'red' : undefined}>
            {money(difference, item.currency)}
          </Text>
        );
      },
    },
    {
      prop: 'reason',
      labelLang: 'orders_management.audit.columns.reason',
      forceNormalWordBreak: true,
      cell: (item) =>
        item.billingReason ? t(`orders_management.audit.reasons.${messageKey(item.billingReason)}`) : '—',
    },
    {
      prop: 'status',
      labelLang: 'orders_management.audit.columns.status',
      type: 'status',
      cell: (item) => (
        <Badge variant="light" color={COLOURS[item.auditStatus]}>
          {t(`orders_management.audit.status.${item.auditStatus}`)}
        </Badge>
      ),
    },
    {
      prop: 'review',
      labelLang: 'orders_management.audit.columns.review',
      type: 'action',
      cell: (item) =>
        item.auditStatus !== 'matched' && (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              disabled={busy || item.auditStatus === 'accepted'}
              onClick={() => void review(item, 'accepted')}
              aria-label={t('orders_management.audit.accept_of', { tracking: item.trackingNumber })}
            >
              {t('orders_management.audit.accept')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              disabled={busy || item.auditStatus === 'disputed'}
              onClick={() => void review(item, 'disputed')}
              aria-label={t('orders_management.audit.dispute_of', { tracking: item.trackingNumber })}
            >
              {t('orders_management.audit.dispute')}
            </Button>
          </Group>
        ),
    },
  ];
}

/**
 * The carrier audit (`ups-audit`): each delivered package's billed charge against the rate it was labelled
 * at, the discrepancies to review first; staff accept one or dispute it with the carrier.
 */
export function CarrierAuditPage() {
  const { t } = useTranslation();
  const reviewing = useMutation(reviewCarrierChargeMutation);
  const list = useTokenList({
    definition: CARRIER_AUDIT_LIST,
    rememberAs: 'carrier-audit',
    tokens: CARRIER_AUDIT_TOKENS,
    query: carrierAuditQuery,
    errorAction: 'orders_management.audit',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'AuditStatus'
        ? definition.choices?.map((value) => ({ value, label: t(`orders_management.audit.status.${value}`) }))
        : undefined,
    [t],
  );
  const review = (item: PackageRow, status: 'accepted' | 'disputed') =>
    reviewing.mutateAsync({ id: item.id, body: { status } }).catch(showError);
  const columns = useAuditColumns(review, reviewing.isPending);
  return (
    <TokenListFrame
      state={list}
      items={(data) => data.packages}
      summary={(count) => t('orders_management.packages.total', { count })}
      empty={{
        title: t('orders_management.audit.empty_title'),
        text: t('orders_management.audit.empty_text'),
      }}
      freeTextType="Search"
      options={options}
      table={{
        label: t('orders_management.audit.table'),
        columns,
        rowKey: (item) => String(item.id),
        minWidth: 900,
      }}
    />
  );
}
