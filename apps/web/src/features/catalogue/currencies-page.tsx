import { currencyBodySchema, type Currency } from '@fleet/contract';
import { NumberInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { currenciesQuery, saveCurrencyMutation } from './api';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { CatalogueTextField } from './catalogue-form';
import { CatalogueTab } from './catalogue-tab';

function CurrencyForm({ record, finish }: { record: Currency | null; finish: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const form = useContractForm(currencyBodySchema, {
    code: record?.code ?? '',
    name: record?.name ?? '',
    minorUnits: record?.minorUnits ?? 2,
    active: record?.active ?? true,
  });
  const saveCurrency = useMutation(saveCurrencyMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={record !== null}
      save={({ code, ...change }) =>
        saveCurrency.mutateAsync(
          record ? { code: record.code, body: change } : { code: null, body: { code, ...change } },
        )
      }
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <CatalogueTextField
        form={form}
        name="code"
        label="currency_code"
        capitals
        required
        disabled={record !== null}
        maxLength={3}
        autoFocus
      />
      <CatalogueTextField form={form} name="name" required maxLength={120} />
      <NumberInput
        label={t('catalogue.fields.minor_units')}
        description={
          record?.inUse ? t('catalogue.fields.minor_units_locked') : t('catalogue.fields.minor_units_hint')
        }
        value={form.values.minorUnits}
        onChange={(value) => form.set('minorUnits', typeof value === 'number' ? value : 0)}
        min={0}
        max={4}
        allowDecimal={false}
        disabled={record?.inUse}
        error={form.refused('minorUnits') ? t('catalogue.problems.minor_units') : undefined}
      />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/** Currencies (SHOPPING.MANAGE.CURRENCIES) prices and orders are in. */
export function CurrenciesPage() {
  return (
    <CatalogueTab
      part="currencies"
      query={currenciesQuery}
      records={(data) => data.currencies}
      keyOf={(currency) => currency.code}
      nameOf={(currency) => currency.code}
      Form={CurrencyForm}
      columns={[
        { key: 'code', render: (currency) => currency.code },
        { key: 'name', render: (currency) => currency.name },
        { key: 'minor_units', render: (currency) => currency.minorUnits },
        { key: 'status', render: (currency) => <ActiveBadge active={currency.active} /> },
      ]}
    />
  );
}
