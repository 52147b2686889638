import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../../components/router-tabs';
import { paths } from '../../../config/paths';

/** Orders management (platform §2): /tool/orders-management leads to the orders. */
export function OrdersManagementArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('orders_management.tabs.orders'), ...paths.ordersManagementOrders },
    { label: t('orders_management.tabs.packages'), ...paths.ordersManagementPackages },
    { label: t('orders_management.tabs.pickups'), ...paths.ordersManagementPickups },
    { label: t('orders_management.tabs.audit'), ...paths.ordersManagementAudit },
    { label: t('orders_management.tabs.carriers'), ...paths.ordersManagementCarriers },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('orders_management.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('orders_management.page.tabs')} />
    </Container>
  );
}
