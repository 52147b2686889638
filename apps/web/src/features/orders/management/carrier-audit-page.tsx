import { CARRIER_AUDIT_LIST, CARRIER_AUDIT_TOKENS, type PackageRow } from '@fleet/contract';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenListFrame } from '../../../components/list/token-list-frame';
import { useTokenList } from '../../../components/list/use-token-list';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { showError } from '../../../components/show-error';
import { useMoney } from '../../../hooks/use-money';
import { messageKey } from '../../../lib/message-key';
import { carrierAuditQuery, reviewCarrierChargeMutation } from '../api';

const COLOURS = { pending: 'orange', matched: 'green', accepted: 'teal', disputed: 'red' } as const;

/**
 * The carrier audit (`ups-audit`): each delivered package's billed charge against the rate it was labelled
 * at, the discrepancies to review first; staff accept one or dispute it with the carrier.
 */
export function CarrierAuditPage() {
  const { t } = useTranslation();
  const money = useMoney();
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
    >
      {(page) => (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" aria-label={t('orders_management.audit.table')}>
            <Table.Thead>
              <Table.Tr>
                {['tracking', 'order', 'expected', 'billed', 'difference', 'reason', 'status', 'review'].map(
                  (column) => (
                    <Table.Th key={column}>{t(`orders_management.audit.columns.${column}`)}</Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.map((item) => {
                const difference = (item.billedChargeMinor ?? 0) - item.expectedChargeMinor;
                return (
                  <Table.Tr key={item.id} data-testid="audit-row">
                    <Table.Td ff="monospace">{item.trackingNumber}</Table.Td>
                    <Table.Td>
                      {item.orderNumber}
                      <Text size="xs" c="dimmed">
                        {item.companyName}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {money(item.expectedChargeMinor, item.currency)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {money(item.billedChargeMinor ?? 0, item.currency)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} c={difference > 0 ? 'red' : undefined}>
                      {difference === 0 ? '—' : money(difference, item.currency)}
                    </Table.Td>
                    <Table.Td>
                      {item.billingReason
                        ? t(`orders_management.audit.reasons.${messageKey(item.billingReason)}`)
                        : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={COLOURS[item.auditStatus]}>
                        {t(`orders_management.audit.status.${item.auditStatus}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {item.auditStatus !== 'matched' && (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            disabled={reviewing.isPending || item.auditStatus === 'accepted'}
                            onClick={() => void review(item, 'accepted')}
                            aria-label={t('orders_management.audit.accept_of', {
                              tracking: item.trackingNumber,
                            })}
                          >
                            {t('orders_management.audit.accept')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            disabled={reviewing.isPending || item.auditStatus === 'disputed'}
                            onClick={() => void review(item, 'disputed')}
                            aria-label={t('orders_management.audit.dispute_of', {
                              tracking: item.trackingNumber,
                            })}
                          >
                            {t('orders_management.audit.dispute')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TokenListFrame>
  );
}
