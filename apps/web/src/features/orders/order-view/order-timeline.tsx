import type { Order } from '@fleet/contract';
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key';
import { useDateFormat } from '../../../hooks/use-date-format';

/** What happened to an order, oldest first: each status it reached, who moved it, the note. */
export function OrderTimeline({ events }: { events: Order['events'] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <Timeline
      active={events.length - 1}
      bulletSize={14}
      lineWidth={2}
      aria-label={t('orders.detail.timeline')}
    >
      {events.map((event, index) => (
        <Timeline.Item
          key={index}
          title={
            event.action === 'payment-failed'
              ? t('orders.detail.payment_failed')
              : event.action === 'addresses'
                ? t('orders.detail.addresses_changed')
                : event.stepName
                  ? t('orders.detail.at_step', { step: event.stepName })
                  : t(`orders.status.${messageKey(event.status)}`)
          }
        >
          <Text size="xs" c="dimmed">
            {date.long(event.at)} · {event.actorName}
          </Text>
          {event.note && <Text size="sm">{event.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
