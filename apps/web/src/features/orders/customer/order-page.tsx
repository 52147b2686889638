import type { Order } from '@fleet/contract';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openLinkInNewTab } from '../../../lib/download';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AddressBlock } from '../../../components/address/address-block';
import { CallState } from '../../../components/call-state';
import { confirm } from '../../../components/dialogs';
import { showError } from '../../../components/show-error';
import { showSuccess } from '../../../components/show-success';
import { orderPath, paths } from '../../../config/paths';
import { useDateFormat } from '../../../hooks/use-date-format';
import { PageFrame } from '../../../components/page-frame';
import { calibrationOptionsQuery, checkoutMutation, invoiceLink, orderQuery } from '../api';
import { orderActionMutation } from '../../../lib/endpoints/orders';
import { OrderLines } from '../order-view/order-lines';
import { OrderPackages } from '../order-view/order-packages';
import { OrderStatusBadge } from '../order-view/order-status-badge';
import { OrderTimeline } from '../order-view/order-timeline';
import { openAcceptQuote } from './accept-quote-dialog';

export function OrderSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The parts of an order both sides show: lines, timeline, addresses, packages. */
export function OrderBody({ order, staff = false }: { order: Order; staff?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Stack gap="md" style={{ gridColumn: 'span 2' }}>
        <OrderSection title={t('orders.detail.lines')}>
          <OrderLines lines={order.lines} totalMinor={order.totalMinor} currency={order.currency} />
        </OrderSection>
        <OrderSection title={t('orders.detail.packages')}>
          <OrderPackages packages={order.packages} staff={staff} />
        </OrderSection>
        <OrderSection title={t('orders.detail.addresses')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div>
              <Text fw={600} size="sm">
                {t('orders.detail.pickup_address')}
              </Text>
              <AddressBlock address={order.pickupAddress} />
            </div>
            <div>
              <Text fw={600} size="sm">
                {t('orders.detail.billing_address')}
              </Text>
              <AddressBlock address={order.billingAddress} />
            </div>
            <div>
              <Text fw={600} size="sm">
                {order.serviceCenter.name}
              </Text>
              <AddressBlock address={order.serviceCenterAddress} />
            </div>
          </SimpleGrid>
        </OrderSection>
      </Stack>
      <OrderSection title={t('orders.detail.timeline')}>
        <OrderTimeline events={order.events} />
      </OrderSection>
    </SimpleGrid>
  );
}

function CustomerActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useQuery({ ...calibrationOptionsQuery, enabled: order.actions.includes('acceptQuote') });
  const cancelling = useMutation(orderActionMutation('customer'));
  const paying = useMutation(checkoutMutation);
  const pay = () => paying.mutateAsync(order.id).catch(showError);
  const cancel = async () => {
    const sure = await confirm({
      title: t('orders.actions.cancel_title', { number: order.number }),
      message: t('orders.actions.cancel_text'),
      confirmLabel: t('orders.actions.cancel'),
      danger: true,
    });
    if (!sure) return;
    try {
      await cancelling.mutateAsync({ id: order.id, action: 'Cancel' });
      showSuccess(t('orders.actions.cancelled'));
    } catch (error) {
      showError(error);
    }
  };
  const accept = async () => {
    if (!options.data) return;
    const choice = await openAcceptQuote(options.data, order.id);
    if (!choice) return;
    if (choice.paymentMethodType === 'card') await pay();
    else showSuccess(t('orders.quote.accepted'));
  };
  const invoice = () => openLinkInNewTab(() => invoiceLink('customer', order.id)).catch(showError);
  return (
    <Group gap="sm">
      {order.actions.includes('pay') && (
        <Button loading={paying.isPending || paying.isSuccess} onClick={() => void pay()}>
          {t('orders.actions.pay')}
        </Button>
      )}
      {order.actions.includes('acceptQuote') && (
        <Button onClick={() => void accept()} disabled={!options.data}>
          {t('orders.quote.accept')}
        </Button>
      )}
      {order.actions.includes('requestQuote') && (
        <Button variant="light" onClick={() => void navigate(orderPath(paths.orderRequestQuote, order.id))}>
          {t('orders.actions.request_quote')}
        </Button>
      )}
      {order.invoice && (
        <Button variant="light" onClick={() => void invoice()}>
          {t('orders.actions.invoice', { number: order.invoice.number })}
        </Button>
      )}
      {order.actions.includes('cancel') && (
        <Button variant="subtle" color="red" loading={cancelling.isPending} onClick={() => void cancel()}>
          {t('orders.actions.cancel')}
        </Button>
      )}
    </Group>
  );
}

/** Route /user/orders/{orderId}: one order of the company, whole, with what the customer may do now. */
export function OrderPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const orderId = Number(useParams().orderId);
  const [search] = useSearchParams();
  const order = useQuery({
    ...orderQuery('customer', orderId),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
  const loaded = order.data;
  return (
    <PageFrame
      title={loaded ? t('orders.detail.title', { number: loaded.number }) : t('orders.detail.tab_title')}
      intro={
        loaded && t('orders.detail.placed', { date: date.long(loaded.createdAt), name: loaded.createdByName })
      }
      actions={
        loaded && (
          <Group gap="sm" data-testid="order-header">
            <OrderStatusBadge status={loaded.status} />
            <CustomerActions order={loaded} />
          </Group>
        )
      }
    >
      <CallState call={order}>
        {(data) => (
          <Stack gap="md">
            {search.get('payment') === 'declined' && data.status === 'awaiting-payment' && (
              <Alert color="red" title={t('orders.payment.declined_title')}>
                {t('orders.payment.declined_text')}
              </Alert>
            )}
            {data.status === 'quoted' && data.quote.validUntil && (
              <Alert color="violet" title={t('orders.quote.received_title')}>
                {t('orders.quote.received_text', { date: date.day(data.quote.validUntil) })}
                {data.quote.note && (
                  <Text size="sm" mt={4}>
                    {data.quote.note}
                  </Text>
                )}
              </Alert>
            )}
            <OrderBody order={data} />
            <Anchor component={Link} to={paths.userOrders.path} size="sm">
              {t('orders.detail.back')}
            </Anchor>
          </Stack>
        )}
      </CallState>
    </PageFrame>
  );
}
