import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { paths } from '../../config/paths';

/** Accounting (platform §2): /tool/accounting-management leads to the accounts. */
export function AccountingArea() {
  const { t } = useTranslation();
  const tabs = [
    { label: t('accounting.tabs.accounts'), ...paths.accountingAccounts },
    { label: t('accounting.tabs.customer_accounts'), ...paths.accountingCustomerAccounts },
    { label: t('accounting.tabs.sales_journal'), ...paths.accountingSalesJournal },
    { label: t('accounting.tabs.payments_journal'), ...paths.accountingPaymentsJournal },
    { label: t('accounting.tabs.customs'), ...paths.accountingCustoms },
  ];
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('accounting.page.title')}
      </Title>
      <RouterTabs tabs={tabs} label={t('accounting.page.tabs')} />
    </Container>
  );
}
