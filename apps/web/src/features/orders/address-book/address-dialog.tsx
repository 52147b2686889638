import { addressBodySchema, type AddressBody, type AddressBookEntry } from '@fleet/contract';
import { Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AddressFields,
  addressFieldsOf,
  addressOfFields,
  ownAddressFields,
  type AddressFieldValues,
} from '../../../components/address/address-fields';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../../components/records/record-form';
import { useContractForm } from '../../../hooks/use-contract-form';
import { i18n } from '../../../lib/i18n';
import { addressErrors } from '../../../components/address/address-errors';
import { saveAddressMutation } from '../api';

interface AddressValues {
  label: string;
  address: AddressFieldValues;
  defaultPickup: boolean;
  defaultBilling: boolean;
}

function AddressForm({
  entry,
  finish,
}: {
  entry: AddressBookEntry | null;
  finish: (saved: AddressBookEntry | null) => void;
}) {
  const { t } = useTranslation();
  const kept = ownAddressFields(entry?.address);
  const form = useContractForm<typeof addressBodySchema, AddressValues>(
    addressBodySchema,
    {
      label: entry?.label ?? '',
      address: addressFieldsOf(entry?.address),
      defaultPickup: entry?.defaultPickup ?? false,
      defaultBilling: entry?.defaultBilling ?? false,
    },
    (values): AddressBody => ({ ...values, address: addressOfFields(values.address, kept) }),
  );
  const save = useMutation(saveAddressMutation);

  return (
    <ContractFormFrame
      form={form}
      editing={entry !== null}
      save={(body) => save.mutateAsync({ id: entry?.id ?? null, body })}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={entry ? t('services.address_book.save') : t('services.address_book.add')}
    >
      <TextInput
        label={t('services.address_book.label')}
        description={t('services.address_book.label_hint')}
        value={form.values.label}
        onChange={(event) => form.set('label', event.currentTarget.value)}
        required
        data-autofocus
        error={form.error('label')}
      />
      <AddressFields
        values={form.values.address}
        onChange={(address) => form.set('address', address)}
        withRecipient
        errors={addressErrors(form, 'address', form.values.address)}
        deliverable
      />
      <Switch
        label={t('services.address_book.default_pickup')}
        checked={form.values.defaultPickup}
        onChange={(event) => form.set('defaultPickup', event.currentTarget.checked)}
      />
      <Switch
        label={t('services.address_book.default_billing')}
        checked={form.values.defaultBilling}
        onChange={(event) => form.set('defaultBilling', event.currentTarget.checked)}
      />
    </ContractFormFrame>
  );
}

/** Adds an address to the company's book, or edits this one; answers the address saved, or null. */
export function openAddressDialog(entry: AddressBookEntry | null) {
  return openDialog<AddressBookEntry | null>(
    i18n.t(entry ? 'services.address_book.edit_title' : 'services.address_book.add_title'),
    (finish) => <AddressForm entry={entry} finish={finish} />,
    null,
    'wide',
  );
}
