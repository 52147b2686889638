import { paymentMethodTypeBodySchema, type PaymentMethodType } from '@fleet/contract';
import { NumberInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { messageKey } from '../../lib/message-key';
import { paymentMethodTypesQuery, updatePaymentMethodTypeMutation } from './api';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { CatalogueTextField } from './catalogue-form';
import { CatalogueTab } from './catalogue-tab';

function PaymentMethodTypeForm({
  record,
  finish,
}: {
  record: PaymentMethodType | null;
  finish: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(paymentMethodTypeBodySchema, {
    name: record?.name ?? '',
    active: record?.active ?? true,
    position: record?.position ?? 0,
  });
  const updateType = useMutation(updatePaymentMethodTypeMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={record !== null}
      save={(body) => updateType.mutateAsync({ code: record?.code ?? '', body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <CatalogueTextField form={form} name="name" required maxLength={120} autoFocus />
      <NumberInput
        label={t('catalogue.fields.position')}
        description={t('catalogue.fields.position_hint')}
        value={form.values.position}
        onChange={(value) => form.set('position', typeof value === 'number' ? value : 0)}
        min={0}
        max={99}
        allowDecimal={false}
      />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/** The ways customers pay (SHOPPING.MANAGE.PAYMENT_METHOD_TYPES): the console takes cards and transfers. */
export function PaymentMethodTypesPage() {
  const { t } = useTranslation();
  return (
    <CatalogueTab
      part="payment_method_types"
      query={paymentMethodTypesQuery}
      records={(data) => data.paymentMethodTypes}
      keyOf={(type) => type.code}
      nameOf={(type) => type.name}
      Form={PaymentMethodTypeForm}
      adds={false}
      columns={[
        { key: 'name', render: (type) => type.name },
        { key: 'how', render: (type) => t(`catalogue.payment_method_types.how.${messageKey(type.code)}`) },
        { key: 'position', render: (type) => type.position },
        { key: 'status', render: (type) => <ActiveBadge active={type.active} /> },
      ]}
    />
  );
}
