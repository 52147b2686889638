import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Shopping management (platform §2): /tool/shopping-management leads to the products. */
export function ShoppingArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('catalogue.tabs.products'), ...paths.shoppingProducts },
    { label: t('catalogue.tabs.skus'), ...paths.shoppingSkus },
    { label: t('catalogue.tabs.currencies'), ...paths.shoppingCurrencies },
    { label: t('catalogue.tabs.categories'), ...paths.shoppingCategories },
    { label: t('catalogue.tabs.payment_method_types'), ...paths.shoppingPaymentMethodTypes },
  ];
  return (
    <PageFrame title={t('catalogue.page.title')}>
      <RouterTabs tabs={tabs} label={t('catalogue.page.tabs')} />
    </PageFrame>
  );
}
