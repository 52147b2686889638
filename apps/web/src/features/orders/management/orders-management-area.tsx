import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../../components/router-tabs';
import { paths } from '../../../config/paths';
import { PageFrame } from '../../../components/page-frame';

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
    <PageFrame title={t('orders_management.page.title')}>
      <RouterTabs tabs={tabs} label={t('orders_management.page.tabs')} />
    </PageFrame>
  );
}
