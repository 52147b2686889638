import { Anchor, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CallState } from '../../../components/call-state';
import { CheckMarkIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { orderPath, paths } from '../../../config/paths';
import { useMoney } from '../../../hooks/use-money';
import { orderQuery } from '../api';

/**
 * Route /payment-success/{orderId}: where the provider's checkout returns. The payment counts once the
 * provider's notification has reached the server, which may come after the customer: the page reads the
 * order every 2 s until it is paid.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const orderId = Number(useParams().orderId);
  const order = useQuery({
    ...orderQuery('customer', orderId),
    enabled: Number.isInteger(orderId) && orderId > 0,
    refetchInterval: (query) => (query.state.data?.status === 'awaiting-payment' ? 2000 : false),
  });
  return (
    <PageFrame title={t('orders.payment.page_title')}>
      <CallState call={order}>
        {(data) => {
          const confirming = data.status === 'awaiting-payment';
          return (
            <Card withBorder padding="xl" radius="md" maw={640} mx="auto">
              <Stack gap="md" align="center" ta="center">
                {confirming ? (
                  <Loader aria-hidden />
                ) : (
                  <ThemeIcon size={56} radius="xl" color="green" aria-hidden>
                    <CheckMarkIcon size={32} />
                  </ThemeIcon>
                )}
                <Title order={2} size="h3" aria-live="polite">
                  {confirming ? t('orders.payment.confirming_title') : t('orders.payment.success_title')}
                </Title>
                <Text>
                  {confirming
                    ? t('orders.payment.confirming_text')
                    : t('orders.payment.success_text', {
                        amount: money(data.payment?.amountMinor ?? data.totalMinor, data.currency),
                        number: data.number,
                      })}
                </Text>
                {!confirming && data.invoice && (
                  <Text size="sm" c="dimmed">
                    {t('orders.payment.invoice', { number: data.invoice.number })}
                  </Text>
                )}
                <Group>
                  <Button component={Link} to={orderPath(paths.userOrder, data.id)}>
                    {t('orders.payment.see_order')}
                  </Button>
                  <Anchor component={Link} to={paths.userOrders.path}>
                    {t('orders.payment.all_orders')}
                  </Anchor>
                </Group>
              </Stack>
            </Card>
          );
        }}
      </CallState>
    </PageFrame>
  );
}
