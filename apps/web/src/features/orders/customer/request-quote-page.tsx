import { quoteRequestBodySchema } from '@fleet/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key';
import { Link, useParams } from 'react-router';
import { CallState } from '../../../components/call-state';
import { ValidationText } from '../../../components/dialogs/validation-text';
import { useContractForm } from '../../../hooks/use-contract-form';
import { orderPath, paths } from '../../../config/paths';
import { ORDERS_KEY, orderAction, orderQuery } from '../api';
import { OrderLines } from '../order-view/order-lines';

/**
 * Route /order-request-quote/{orderId}: an order awaiting payment turned into a quote request, with what
 * the customer needs quoted and their purchase-order reference; once asked, what was asked.
 */
export function RequestQuotePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
  const send = () =>
    void form.submit(async (body) => {
      await orderAction('customer', orderId, 'RequestQuote', body);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    });
  return (
    <Container size="md" py="md">
      <CallState call={order}>
        {(data) => (
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('orders.quote.request_title', { number: data.number })}
            </Title>
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
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    send();
                  }}
                >
                  <Stack gap="sm">
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
                    <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
                    <Button type="submit" loading={form.busy} style={{ alignSelf: 'flex-start' }}>
                      {t('orders.quote.send')}
                    </Button>
                  </Stack>
                </form>
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
    </Container>
  );
}
