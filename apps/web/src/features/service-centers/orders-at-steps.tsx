import type { InternalStepsAnswer, OrderAtStep } from '@fleet/contract';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError } from '../../components/show-error';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { orderActionMutation } from '../../lib/endpoints/orders';

/** The staff orders list with one order's drawer open. */
const orderLink = (id: number) =>
  `${paths.ordersManagementOrders.path}?${new URLSearchParams({ orderId: String(id) })}`;

/**
 * The center's orders in service, each at its step (docs/commerce.md "Internal steps"): moved to the next
 * step in a click; at the last step, the order's own page ships it.
 */
export function OrdersAtSteps({ answer }: { answer: InternalStepsAnswer }) {
  const { t } = useTranslation();
  const act = useMutation(orderActionMutation('staff'));
  const active = answer.steps.filter((step) => step.active);
  const stepOf = (order: OrderAtStep) => {
    const index = active.findIndex((step) => step.id === order.stepId);
    return index < 0
      ? t('internal_steps.orders.no_step')
      : t('internal_steps.orders.step', {
          position: index + 1,
          of: active.length,
          name: active[index]!.name,
        });
  };
  const next = (order: OrderAtStep) => act.mutateAsync({ id: order.id, action: 'NextStep' }).catch(showError);
  const columns: DataColumn<OrderAtStep>[] = [
    {
      prop: 'number',
      labelLang: 'internal_steps.orders.columns.order',
      cell: (order) => (
        <Anchor component={Link} to={orderLink(order.id)} inherit>
          {order.number}
        </Anchor>
      ),
    },
    {
      prop: 'company',
      labelLang: 'internal_steps.orders.columns.company',
      forceNormalWordBreak: true,
      cell: (order) => order.company,
    },
    {
      prop: 'devices',
      labelLang: 'internal_steps.orders.columns.devices',
      type: 'number',
      cell: (order) => order.deviceCount,
    },
    {
      prop: 'step',
      labelLang: 'internal_steps.orders.columns.step',
      cell: stepOf,
    },
    {
      prop: 'actions',
      labelLang: 'internal_steps.orders.columns.actions',
      type: 'action',
      cell: (order) =>
        order.atLastStep ? (
          <Text span size="sm" c="dimmed">
            {t('internal_steps.orders.ships_next')}
          </Text>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            loading={act.isPending && act.variables.id === order.id}
            onClick={() => void next(order)}
            aria-label={t('internal_steps.orders.next_of', { number: order.number })}
          >
            {t('internal_steps.orders.next')}
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="orders-at-steps">
      <Title order={2} size="h4" id="orders-at-steps">
        {t('internal_steps.orders.title', { center: answer.serviceCenter.name })}
      </Title>
      {answer.orders.length === 0 ? (
        <Text c="dimmed">{t('internal_steps.orders.none')}</Text>
      ) : (
        <DataTable
          label={t('internal_steps.orders.title', { center: answer.serviceCenter.name })}
          columns={columns}
          items={answer.orders}
          rowKey={(order) => String(order.id)}
          minWidth={640}
        />
      )}
    </Stack>
  );
}
