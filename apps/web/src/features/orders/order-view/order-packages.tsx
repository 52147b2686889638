import type { Order } from '@fleet/contract';
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key';
import { useDateFormat } from '../../../hooks/use-date-format';

/** The order's packages, to the center and back, with the carrier's scans; their direction in staff's words or the customer's. */
export function OrderPackages({ packages, staff = false }: { packages: Order['packages']; staff?: boolean }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (packages.length === 0) return <Text c="dimmed">{t('orders.packages.none')}</Text>;
  return (
    <Stack gap="sm">
      {packages.map((item) => (
        <Card
          key={item.id}
          withBorder
          padding="sm"
          radius="md"
          component="section"
          aria-labelledby={`package-${item.id}`}
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h6" id={`package-${item.id}`}>
              {staff
                ? t(`orders_management.packages.directions.${item.direction}`)
                : t(`orders.packages.${item.direction}`)}{' '}
              · {item.carrier} {item.trackingNumber}
            </Title>
            <Badge variant="light" color={item.status === 'delivered' ? 'green' : 'blue'}>
              {t(`orders.packages.status.${messageKey(item.status)}`)}
            </Badge>
          </Group>
          {item.pickupDate && (
            <Text size="xs" c="dimmed">
              {t('orders.packages.pickup', { date: date.day(item.pickupDate) })}
            </Text>
          )}
          <List size="sm" mt="xs" spacing={2}>
            {item.events.map((event, index) => (
              <List.Item key={index}>
                {date.long(event.at)} · {t(`orders.packages.status.${messageKey(event.status)}`)} ·{' '}
                {event.location}
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}
