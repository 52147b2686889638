import { ORDER_ADDRESS_EDITABLE_STATUSES, type Order } from '@fleet/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { SideDrawer } from '../../../components/side-drawer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openLinkInNewTab } from '../../../lib/download';
import { CallState } from '../../../components/call-state';
import { confirm, prompt } from '../../../components/dialogs';
import { showError } from '../../../components/show-error';
import { useDateFormat } from '../../../hooks/use-date-format';
import { invoiceLink, orderQuery } from '../api';
import { orderActionMutation } from '../../../lib/endpoints/orders';
import { OrderBody } from '../customer/order-page';
import { OrderStatusBadge } from '../order-view/order-status-badge';
import { openQuoteDialog } from './quote-dialog';
import { openOrderAddressesDialog } from './order-addresses-dialog';
import { useCanUse } from '../../../hooks/use-can-use';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const today = () => new Date().toISOString().slice(0, 10);

/** Asks the day a carrier picks a package up (today by default). */
async function askPickupDay(title: string, label: string, hint: string, confirmLabel: string) {
  const answer = await prompt({
    title,
    label,
    description: hint,
    initialValue: today(),
    confirmLabel,
    validate: (value) => (DAY.test(value.trim()) ? null : { error: hint }),
  });
  return answer?.value.trim() ?? null;
}

/** The actions of the contract (`schedulePickup`) by the path the API gives them (`Pickup`). */
const ACTION_PATHS: Record<string, string> = {
  recordPayment: 'RecordPayment',
  schedulePickup: 'Pickup',
  receive: 'Receive',
  startService: 'StartService',
  nextStep: 'NextStep',
  ship: 'Ship',
  deliver: 'Deliver',
  cancel: 'Cancel',
};

/** The buttons of what staff may do to the order now (the contract's rules, as the server answers them). */
function StaffActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const act = useMutation(orderActionMutation('staff'));
  const busy = act.isPending ? act.variables.action : null;
  const has = (action: string) => order.actions.includes(action);
  /** Runs an action (as the contract names it) with its body, if asked. */
  const run = async (action: string, body?: () => Promise<object | null>) => {
    const payload = body ? await body() : {};
    if (payload === null) return;
    try {
      // The drawer shows the order as it is after (status, step, timeline): no toast over the next button.
      await act.mutateAsync({ id: order.id, action: ACTION_PATHS[action]!, body: payload });
    } catch (error) {
      showError(error);
    }
  };
  const pickup = (action: 'schedulePickup' | 'ship', titleKey: string) =>
    run(action, async () => {
      const day = await askPickupDay(
        t(titleKey, { number: order.number }),
        t('orders_management.pickup_day'),
        t('orders_management.date_hint'),
        t('orders_management.book'),
      );
      return day ? { pickupDate: day } : null;
    });
  const invoice = () => openLinkInNewTab(() => invoiceLink('staff', order.id)).catch(showError);
  const editsAddresses =
    useCanUse('SHOPPING.MANAGE.ORDERS.ADDRESSES') && ORDER_ADDRESS_EDITABLE_STATUSES.includes(order.status);
  const button = (action: string, label: string, onClick: () => void, variant = 'filled') =>
    has(action) && (
      <Button
        key={action}
        size="sm"
        variant={variant}
        loading={busy === ACTION_PATHS[action]}
        disabled={busy !== null}
        onClick={onClick}
      >
        {label}
      </Button>
    );
  return (
    <Group gap="xs">
      {button(
        'sendQuote',
        order.status === 'quoted'
          ? t('orders_management.actions.change_quote')
          : t('orders_management.actions.send_quote'),
        () => void openQuoteDialog(order),
      )}
      {button(
        'recordPayment',
        t('orders_management.actions.record_payment'),
        () =>
          void run('recordPayment', async () => {
            const answer = await prompt({
              title: t('orders_management.record_payment_title', { number: order.number }),
              label: t('orders_management.transfer_reference'),
              confirmLabel: t('orders_management.actions.record_payment'),
            });
            return answer ? (answer.value.trim() ? { note: answer.value.trim() } : {}) : null;
          }),
      )}
      {button(
        'schedulePickup',
        t('orders_management.actions.schedule_pickup'),
        () => void pickup('schedulePickup', 'orders_management.pickup_title'),
      )}
      {button('receive', t('orders_management.actions.receive'), () => void run('receive'))}
      {button('startService', t('orders_management.actions.start_service'), () => void run('startService'))}
      {button('nextStep', t('orders_management.actions.next_step'), () => void run('nextStep'))}
      {button(
        'ship',
        t('orders_management.actions.ship'),
        () => void pickup('ship', 'orders_management.ship_title'),
      )}
      {button('deliver', t('orders_management.actions.deliver'), () => void run('deliver'))}
      {editsAddresses && (
        <Button
          size="sm"
          variant="light"
          disabled={busy !== null}
          onClick={() => void openOrderAddressesDialog(order)}
        >
          {t('orders_management.actions.edit_addresses')}
        </Button>
      )}
      {order.invoice && (
        <Button size="sm" variant="light" onClick={() => void invoice()}>
          {t('orders.actions.invoice', { number: order.invoice.number })}
        </Button>
      )}
      {button(
        'cancel',
        t('orders.actions.cancel'),
        () =>
          void (async () => {
            const sure = await confirm({
              title: t('orders.actions.cancel_title', { number: order.number }),
              message: t('orders_management.cancel_text'),
              confirmLabel: t('orders.actions.cancel'),
              danger: true,
            });
            if (sure) await run('cancel');
          })(),
        'subtle',
      )}
    </Group>
  );
}

/** One order as staff see it, in a drawer kept in the URL (`orderId`). */
export function StaffOrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const order = useQuery({ ...orderQuery('staff', orderId ?? 0), enabled: orderId !== null });
  return (
    <SideDrawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="80rem"
      title={t('orders_management.drawer_title')}
    >
      {orderId !== null && (
        <CallState call={order}>
          {(data) => (
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <div data-testid="order-header">
                  <Group gap="sm">
                    <Title order={2} size="h3">
                      {t('orders.detail.title', { number: data.number })}
                    </Title>
                    <OrderStatusBadge status={data.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {data.company.name} ·{' '}
                    {t('orders.detail.placed', { date: date.long(data.createdAt), name: data.createdByName })}
                  </Text>
                  {data.internalStep && (
                    <Text size="sm">
                      {t('orders_management.step', {
                        name: data.internalStep.name,
                        position: data.internalStep.position,
                        of: data.internalStep.of,
                      })}
                    </Text>
                  )}
                </div>
                <StaffActions order={data} />
              </Group>
              {data.quote.message && data.status === 'quote-requested' && (
                <Alert color="grape" title={t('orders_management.quote.customer_asks')}>
                  {data.quote.message}
                  {data.quote.purchaseOrder && (
                    <Text size="sm">
                      {t('orders.quote.purchase_order_is', { reference: data.quote.purchaseOrder })}
                    </Text>
                  )}
                </Alert>
              )}
              <OrderBody order={data} staff />
            </Stack>
          )}
        </CallState>
      )}
    </SideDrawer>
  );
}
