import { skuNameKey, type OrderLine } from '@fleet/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';

/** An order's (or a preview's) lines and total, priced by the server. */
export function OrderLines({
  lines,
  totalMinor,
  currency,
}: {
  lines: readonly OrderLine[];
  totalMinor: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={t('orders.lines.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.lines.description')}</Table.Th>
              <Table.Th ta="right">{t('orders.lines.quantity')}</Table.Th>
              <Table.Th ta="right">{t('orders.lines.unit')}</Table.Th>
              <Table.Th ta="right">{t('orders.lines.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={index} data-testid="order-line">
                <Table.Td>
                  {line.kind === 'shipping'
                    ? t('orders.lines.shipping')
                    : line.kind === 'discount'
                      ? t('orders.lines.discount')
                      : line.skuCode
                        ? // A SKU's name as translations management gives it, else as the order kept it.
                          t(skuNameKey(line.skuCode), { defaultValue: line.description })
                        : line.description}
                  {line.serialNumber && (
                    <Text size="xs" c="dimmed">
                      {line.serialNumber} · {line.deviceType}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.unitAmountMinor, currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.amountMinor, currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>{t('orders.lines.total')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
                {money(totalMinor, currency)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('orders.lines.net')}
      </Text>
    </>
  );
}
