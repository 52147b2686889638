import type { OrderAddress, StoreAddress } from '@fleet/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../hooks/use-region-name';

/** Regions offered for an address: where the demo fleet and most customers are, then the rest by code. */
const REGIONS = [
  'FR',
  'DE',
  'GB',
  'ES',
  'PT',
  'IT',
  'BE',
  'NL',
  'CH',
  'IE',
  'US',
  'CA',
  'MX',
  'BR',
  'AU',
  'CN',
  'JP',
];

/** The §3 fields a form edits, as text. */
export interface AddressFieldValues {
  recipient: string;
  organization: string;
  line1: string;
  line2: string;
  postalCode: string;
  locality: string;
  administrativeArea: string;
  regionCode: string | null;
  phoneNumber: string;
}

export const ADDRESS_FIELDS = [
  'recipient',
  'organization',
  'line1',
  'line2',
  'postalCode',
  'locality',
  'administrativeArea',
  'regionCode',
  'phoneNumber',
] as const satisfies readonly (keyof AddressFieldValues)[];

/** Where each field of the form lands in an address body: a server's refusal names that path. */
export const ADDRESS_BODY_FIELDS: Record<keyof AddressFieldValues, string> = {
  recipient: 'recipients',
  organization: 'organization',
  line1: 'addressLines.0',
  line2: 'addressLines.1',
  postalCode: 'postalCode',
  locality: 'locality',
  administrativeArea: 'administrativeArea',
  regionCode: 'regionCode',
  phoneNumber: 'phoneNumber',
};

/** A copied address's own fields, without what its copy adds (the book's label, the provider's formatting). */
export function ownAddressFields(address: OrderAddress | undefined): StoreAddress {
  const { label: _label, providerFormattedAddress: _formatted, ...fields } = address ?? {};
  return fields;
}

export function addressFieldsOf(address: StoreAddress | null | undefined): AddressFieldValues {
  return {
    recipient: address?.recipients?.[0] ?? '',
    organization: address?.organization ?? '',
    line1: address?.addressLines?.[0] ?? '',
    line2: address?.addressLines?.[1] ?? '',
    postalCode: address?.postalCode ?? '',
    locality: address?.locality ?? '',
    administrativeArea: address?.administrativeArea ?? '',
    regionCode: address?.regionCode ?? null,
    phoneNumber: address?.phoneNumber ?? '',
  };
}

/** The address of the fields, keeping what the form does not show (further recipients, copies). */
export function addressOfFields(values: AddressFieldValues, kept: StoreAddress = {}): StoreAddress {
  const text = (value: string) => value.trim() || undefined;
  const recipient = text(values.recipient);
  return {
    ...kept,
    recipients: recipient ? [recipient, ...(kept.recipients ?? []).slice(1)] : kept.recipients?.slice(1),
    organization: text(values.organization),
    addressLines: [values.line1, values.line2].map((line) => line.trim()).filter(Boolean),
    postalCode: text(values.postalCode),
    locality: text(values.locality),
    administrativeArea: text(values.administrativeArea),
    regionCode: values.regionCode ?? undefined,
    phoneNumber: text(values.phoneNumber),
  };
}

interface Props {
  values: AddressFieldValues;
  onChange: (values: AddressFieldValues) => void;
  /** Whether the recipient's name is asked (a store's address names none). */
  withRecipient?: boolean;
  /** Problems by field, as the server names them (`address.locality`) or the form finds them. */
  errors?: Partial<Record<keyof AddressFieldValues, string>>;
  /** Fields the form requires. */
  required?: readonly (keyof AddressFieldValues)[];
}

/** The address fields of every form that takes one (stores, the address book). */
export function AddressFields({
  values,
  onChange,
  withRecipient = false,
  errors = {},
  required = [],
}: Props) {
  const { t } = useTranslation();
  const regionName = useRegionName();
  const text = (
    key: Exclude<keyof AddressFieldValues, 'regionCode'>,
    label: string,
    autoComplete: string,
  ) => (
    <TextInput
      label={label}
      value={values[key]}
      onChange={(event) => onChange({ ...values, [key]: event.currentTarget.value })}
      autoComplete={autoComplete}
      required={required.includes(key)}
      error={errors[key]}
    />
  );
  return (
    <>
      {withRecipient && text('recipient', t('common.address.recipient'), 'name')}
      {text('organization', t('common.address.organization'), 'organization')}
      {text('line1', t('common.address.line1'), 'address-line1')}
      {text('line2', t('common.address.line2'), 'address-line2')}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {text('postalCode', t('common.address.postal_code'), 'postal-code')}
        {text('locality', t('common.address.locality'), 'address-level2')}
        {text('administrativeArea', t('common.address.administrative_area'), 'address-level1')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('common.address.region')}
          data={REGIONS.map((code) => ({ value: code, label: regionName(code) }))}
          value={values.regionCode}
          onChange={(value) => onChange({ ...values, regionCode: value })}
          searchable
          clearable
          required={required.includes('regionCode')}
          error={errors.regionCode}
        />
        {text('phoneNumber', t('common.address.phone'), 'tel')}
      </SimpleGrid>
    </>
  );
}
