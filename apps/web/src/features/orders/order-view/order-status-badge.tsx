import type { OrderStatus } from '@fleet/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key';

const COLOURS: Record<OrderStatus, string> = {
  'quote-requested': 'grape',
  quoted: 'violet',
  'awaiting-payment': 'orange',
  paid: 'blue',
  'pickup-scheduled': 'cyan',
  received: 'teal',
  'in-service': 'indigo',
  shipped: 'lime',
  delivered: 'green',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="light">
      {t(`orders.status.${messageKey(status)}`)}
    </Badge>
  );
}
