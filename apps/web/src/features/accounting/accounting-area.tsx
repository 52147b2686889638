import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';
import { PageFrame } from '../../components/page-frame';

/** Accounting (platform §2): /tool/accounting-management leads to the accounts. */
export function AccountingArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('accounting.tabs.accounts'), ...paths.accountingAccounts },
    { label: t('accounting.tabs.customer_accounts'), ...paths.accountingCustomerAccounts },
    { label: t('accounting.tabs.sales_journal'), ...paths.accountingSalesJournal },
    { label: t('accounting.tabs.payments_journal'), ...paths.accountingPaymentsJournal },
    { label: t('accounting.tabs.customs'), ...paths.accountingCustoms },
    { label: t('accounting.tabs.billing_currencies'), ...paths.accountingBillingCurrencies },
  ];
  return (
    <PageFrame title={t('accounting.page.title')}>
      <RouterTabs tabs={tabs} label={t('accounting.page.tabs')} />
    </PageFrame>
  );
}
