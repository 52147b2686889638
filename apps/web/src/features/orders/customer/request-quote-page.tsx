import { quoteRequestBodySchema } from '@fleet/contract';
import { Alert, Anchor, Card, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CallState } from '../../../components/call-state';
import { PageFrame } from '../../../components/page-frame';
import { ContractFormFrame } from '../../../components/records/record-form';
import { orderPath, paths } from '../../../config/paths';
import { useContractForm } from '../../../hooks/use-contract-form';
import { messageKey } from '../../../lib/message-key';
import { orderQuery } from '../api';
import { orderActionMutation } from '../../../lib/endpoints/orders';
import { OrderLines } from '../order-view/order-lines';

/**
 * Route /order-request-quote/{orderId}: an order awaiting payment turned into a quote request, with what
 * the customer needs quoted and their purchase-order reference; once asked, what was asked.
 */
export function RequestQuotePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderId = Number(useParams().orderId);
  const order = useQuery({
    ...orderQuery('customer', orderId),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
  const form = useContractForm<typeof quoteRequestBodySchema, { message: string; purchaseOrder: string }>(
    quoteRequestBodySchema,
    { message: '', purchaseOrder: '' },
    ({ message, purchaseOrder }) => ({
      ...(message.trim() ? { message: message.trim() } : {}),
      ...(purchaseOrder.trim() ? { purchaseOrder: purchaseOrder.trim() } : {}),
    }),
  );
  const request = useMutation(orderActionMutation('customer'));
  return (
    <PageFrame
      title={
        order.data
          ? t('orders.quote.request_title', { number: order.data.number })
          : t('orders.quote.page_title')
      }
    >
      <CallState call={order}>
        {(data) => (
          <Stack gap="md" maw={960}>
            {data.status === 'quote-requested' || data.status === 'quoted' ? (
              <Alert color="green" title={t('orders.quote.requested_title')}>
                <Text size="sm">{t('orders.quote.requested_text')}</Text>
                {data.quote.message && (
                  <Text size="sm" mt="xs">
                    “{data.quote.message}”
                  </Text>
                )}
                {data.quote.purchaseOrder && (
                  <Text size="sm">
                    {t('orders.quote.purchase_order_is', { reference: data.quote.purchaseOrder })}
                  </Text>
                )}
              </Alert>
            ) : data.actions.includes('requestQuote') ? (
              <Card withBorder padding="md" radius="md">
                <ContractFormFrame
                  form={form}
                  // The order's change reloads it: the page then says the quote was requested.
                  save={(body) => request.mutateAsync({ id: orderId, action: 'RequestQuote', body })}
                  onCancel={() => void navigate(orderPath(paths.userOrder, data.id))}
                  confirmLabel={t('orders.quote.send')}
                >
                  <Text size="sm">{t('orders.quote.request_text')}</Text>
                  <Textarea
                    label={t('orders.quote.message')}
                    value={form.values.message}
                    onChange={(event) => form.set('message', event.currentTarget.value)}
                    error={form.error('message')}
                    maxLength={2000}
                    autosize
                    minRows={3}
                  />
                  <TextInput
                    label={t('orders.quote.purchase_order')}
                    value={form.values.purchaseOrder}
                    onChange={(event) => form.set('purchaseOrder', event.currentTarget.value)}
                    error={form.error('purchaseOrder')}
                    maxLength={60}
                  />
                </ContractFormFrame>
              </Card>
            ) : (
              <Alert color="gray">
                {t('orders.quote.not_now', { status: t(`orders.status.${messageKey(data.status)}`) })}
              </Alert>
            )}
            <OrderLines lines={data.lines} totalMinor={data.totalMinor} currency={data.currency} />
            <Anchor component={Link} to={orderPath(paths.userOrder, data.id)}>
              {t('orders.payment.see_order')}
            </Anchor>
          </Stack>
        )}
      </CallState>
    </PageFrame>
  );
}
