import { addressBodySchema, type AddressBody, type AddressBookEntry } from '@fleet/contract';
import { Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddressFields,
  addressFieldsOf,
  addressOfFields,
  type AddressFieldValues,
} from '../../../components/address/address-fields';
import { dialogErrorText } from '../../../components/dialogs';
import { DialogButtons } from '../../../components/dialogs/dialog-buttons';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ValidationText } from '../../../components/dialogs/validation-text';
import { i18n } from '../../../lib/i18n';
import { createAddress, updateAddress } from '../api';

const REQUIRED = ['line1', 'locality', 'regionCode', 'organization'] as const;

/** The form's field of a problem the contract names (`address.addressLines` is the first line). */
function fieldOf(path: readonly PropertyKey[]): keyof AddressFieldValues | 'label' | null {
  const [first, second] = path.map(String);
  if (first === 'label') return 'label';
  if (first !== 'address') return null;
  if (second === 'addressLines') return 'line1';
  if (second === 'recipients') return 'recipient';
  return (second as keyof AddressFieldValues) ?? null;
}

function AddressForm({
  entry,
  finish,
}: {
  entry: AddressBookEntry | null;
  finish: (saved: AddressBookEntry | null) => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(entry?.label ?? '');
  const [values, setValues] = useState(() => addressFieldsOf(entry?.address));
  const [defaults, setDefaults] = useState({
    pickup: entry?.defaultPickup ?? false,
    billing: entry?.defaultBilling ?? false,
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const body: AddressBody = {
    label: label.trim(),
    address: addressOfFields(values, entry?.address ?? {}),
    defaultPickup: defaults.pickup,
    defaultBilling: defaults.billing,
  };
  // The contract's own rules say what is missing, before anything is sent.
  const checked = addressBodySchema.safeParse(body);
  const errors: Partial<Record<keyof AddressFieldValues | 'label', string>> = {};
  if (tried && !checked.success)
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path);
      if (field && !errors[field]) errors[field] = t('services.address_book.required');
    }

  const submit = async () => {
    setTried(true);
    if (!checked.success) return;
    setBusy(true);
    setFailure(null);
    try {
      finish(entry ? await updateAddress(entry.id, checked.data) : await createAddress(checked.data));
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('services.address_book.label')}
          description={t('services.address_book.label_hint')}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          required
          data-autofocus
          error={errors.label}
        />
        <AddressFields
          values={values}
          onChange={setValues}
          withRecipient
          errors={errors}
          required={REQUIRED}
        />
        <Switch
          label={t('services.address_book.default_pickup')}
          checked={defaults.pickup}
          onChange={(event) => setDefaults({ ...defaults, pickup: event.currentTarget.checked })}
        />
        <Switch
          label={t('services.address_book.default_billing')}
          checked={defaults.billing}
          onChange={(event) => setDefaults({ ...defaults, billing: event.currentTarget.checked })}
        />
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <DialogButtons
          onCancel={() => finish(null)}
          onConfirm={() => void submit()}
          confirmLabel={entry ? t('services.address_book.save') : t('services.address_book.add')}
          busy={busy}
        />
      </Stack>
    </form>
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
