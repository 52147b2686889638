import { PACKAGE_LIST, PACKAGE_TOKENS, type PackageRow } from '@fleet/contract';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { openLinkInNewTab } from '../../../lib/download';
import { TokenListFrame } from '../../../components/list/token-list-frame';
import { useTokenList } from '../../../components/list/use-token-list';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { showError } from '../../../components/show-error';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useMoney } from '../../../hooks/use-money';
import { messageKey } from '../../../lib/message-key';
import { packageLabel, packagesQuery } from '../api';

/** Opens a package's label (a PDF) in a new tab. */
const openLabel = (item: PackageRow) => openLinkInNewTab(() => packageLabel(item.id)).catch(showError);

/** Orders management's packages: to the centers and back, with their labels and customs declarations. */
export function PackagesPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
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
    >
      {(page) => (
        <Table.ScrollContainer minWidth={980}>
          <Table verticalSpacing="sm" aria-label={t('orders_management.packages.table')}>
            <Table.Thead>
              <Table.Tr>
                {[
                  'tracking',
                  'order',
                  'direction',
                  'status',
                  'pickup',
                  'weight',
                  'expected',
                  'customs',
                  'label',
                ].map((column) => (
                  <Table.Th key={column}>{t(`orders_management.packages.columns.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.map((item) => (
                <Table.Tr key={item.id} data-testid="package-row">
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {item.trackingNumber}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.carrier}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {item.orderNumber}
                    <Text size="xs" c="dimmed">
                      {item.companyName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`orders_management.packages.directions.${item.direction}`)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={item.status === 'delivered' ? 'green' : 'blue'}>
                      {t(`orders.packages.status.${messageKey(item.status)}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{item.pickupDate ? date.day(item.pickupDate) : '—'}</Table.Td>
                  <Table.Td>
                    {(item.weightGrams / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} kg
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {money(item.expectedChargeMinor, item.currency)}
                  </Table.Td>
                  <Table.Td>{item.customsDeclaration ?? '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => void openLabel(item)}
                      aria-label={t('orders_management.packages.label_of', { tracking: item.trackingNumber })}
                    >
                      {t('orders_management.packages.label')}
                    </Button>
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
