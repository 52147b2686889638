import { orderAddressesBodySchema, type Order } from '@fleet/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressBlock } from '../../../components/address/address-block';
import {
  AddressFields,
  addressFieldsOf,
  addressOfFields,
  ownAddressFields,
  type AddressFieldValues,
} from '../../../components/address/address-fields';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { useContractForm } from '../../../hooks/use-contract-form';
import { i18n } from '../../../lib/i18n';
import { ContractFormFrame } from '../../../components/records/record-form';
import { addressErrors } from '../../../components/address/address-errors';
import { editOrderAddressesMutation } from '../api';

type Which = 'pickupAddress' | 'billingAddress';

function OrderAddressesForm({ order, finish }: { order: Order; finish: (after: Order | null) => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Record<Which, AddressFieldValues>>(() => ({
    pickupAddress: addressFieldsOf(order.pickupAddress),
    billingAddress: addressFieldsOf(order.billingAddress),
  }));
  const form = useContractForm(orderAddressesBodySchema, {
    pickupAddress: ownAddressFields(order.pickupAddress),
    billingAddress: ownAddressFields(order.billingAddress),
  });
  const change = (which: Which, next: AddressFieldValues) => {
    setFields({ ...fields, [which]: next });
    form.set(which, addressOfFields(next, ownAddressFields(order[which])));
  };
  const edit = useMutation(editOrderAddressesMutation);
  const invoiced = order.invoice !== null;
  return (
    <ContractFormFrame
      form={form}
      editing
      save={(body) => edit.mutateAsync({ id: order.id, body })}
      onSaved={finish}
      onCancel={() => finish(null)}
    >
      <Text size="sm" c="dimmed">
        {t('orders_management.addresses.intro')}
      </Text>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('orders_management.addresses.pickup')}
        </Title>
        <AddressFields
          values={fields.pickupAddress}
          onChange={(next) => change('pickupAddress', next)}
          withRecipient
          deliverable
          errors={addressErrors(form, 'pickupAddress', fields.pickupAddress)}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('orders_management.addresses.billing')}
        </Title>
        {invoiced ? (
          <>
            <AddressBlock address={order.billingAddress} />
            <Text size="xs" c="dimmed">
              {t('orders_management.addresses.invoiced', { number: order.invoice?.number })}
            </Text>
          </>
        ) : (
          <AddressFields
            values={fields.billingAddress}
            onChange={(next) => change('billingAddress', next)}
            withRecipient
            deliverable
            errors={addressErrors(form, 'billingAddress', fields.billingAddress)}
          />
        )}
      </Stack>
    </ContractFormFrame>
  );
}

/** Staff correct an order's addresses before pick-up; answers the order as it is after, or null. */
export const openOrderAddressesDialog = (order: Order) =>
  openDialog<Order | null>(
    i18n.t('orders_management.addresses.title', { number: order.number }),
    (finish) => <OrderAddressesForm order={order} finish={finish} />,
    null,
  );
