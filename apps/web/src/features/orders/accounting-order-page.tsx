import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { PageFrame } from '../../components/page-frame';
import { showError } from '../../components/show-error';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { openLinkInNewTab } from '../../lib/download';
import { invoiceLink, orderQuery } from './api';
import { OrderBody } from './customer/order-page';
import { OrderStatusBadge } from './order-view/order-status-badge';

/** A list of accounting filtered to a text (the company, the order number). */
const filtered = (path: string, search: string) => `${path}?${new URLSearchParams({ Search: search })}`;

/**
 * Route /tool/accounting-management/orders/{orderId}: the order behind a journal entry, read-only, with
 * its invoice, its journal entries and its company's account.
 */
export function AccountingOrderPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const orderId = Number(useParams().orderId);
  const order = useQuery({
    ...orderQuery('accounting', orderId),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
  const loaded = order.data;
  const invoice = () => openLinkInNewTab(() => invoiceLink('accounting', orderId)).catch(showError);
  return (
    <PageFrame
      title={loaded ? t('orders.detail.title', { number: loaded.number }) : t('orders.detail.tab_title')}
      intro={
        loaded &&
        t('orders.accounting.intro', {
          company: loaded.company.name,
          date: date.long(loaded.createdAt),
          currency: loaded.currency,
        })
      }
      actions={
        loaded && (
          <Group gap="sm">
            <OrderStatusBadge status={loaded.status} />
            {loaded.invoice && (
              <Button variant="light" onClick={() => void invoice()}>
                {t('orders.actions.invoice', { number: loaded.invoice.number })}
              </Button>
            )}
          </Group>
        )
      }
    >
      <CallState call={order}>
        {(data) => (
          <Stack gap="md">
            <OrderBody order={data} staff />
            <Group gap="lg">
              {[
                [paths.accountingSalesJournal.path, data.number, t('orders.accounting.sales_entries')],
                [paths.accountingPaymentsJournal.path, data.number, t('orders.accounting.payment_entries')],
                [
                  paths.accountingCustomerAccounts.path,
                  data.company.name,
                  t('orders.accounting.customer_account', { company: data.company.name }),
                ],
              ].map(([path = '', search = '', label]) => (
                <Anchor key={path} component={Link} to={filtered(path, search)} size="sm">
                  {label}
                </Anchor>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('orders.accounting.read_only')}
            </Text>
          </Stack>
        )}
      </CallState>
    </PageFrame>
  );
}
