import {
  ADDRESS_REGIONS,
  addressLayout,
  type AddressPlaceField,
  type OrderAddress,
  type StoreAddress,
} from '@fleet/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../hooks/use-region-name';

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

type TextField = Exclude<keyof AddressFieldValues, 'regionCode'>;

/** The form's fields of each place field of the contract: the street is two lines. */
const FORM_FIELDS: Record<AddressPlaceField, readonly TextField[]> = {
  addressLines: ['line1', 'line2'],
  postalCode: ['postalCode'],
  locality: ['locality'],
  administrativeArea: ['administrativeArea'],
};
const PLACE_FIELDS = Object.keys(FORM_FIELDS) as AddressPlaceField[];

/** What an address to pick up from or deliver to requires in its region (contract `checkDeliverable`). */
export function deliverableFields(regionCode: string | null): (keyof AddressFieldValues)[] {
  const place = addressLayout(regionCode).required.map((field) => FORM_FIELDS[field][0]!);
  return ['organization', 'regionCode', ...place];
}

/**
 * The rows of the place fields: the region's own fields in its order, then any other that holds a value;
 * each street line on a row of its own, the short fields between them side by side.
 */
function placeRows(values: AddressFieldValues): TextField[][] {
  const written = addressLayout(values.regionCode).fields;
  const held = PLACE_FIELDS.filter(
    (field) => !written.includes(field) && FORM_FIELDS[field].some((key) => values[key].trim() !== ''),
  );
  const rows: TextField[][] = [];
  for (const field of [...written, ...held]) {
    const last = rows.at(-1);
    if (field === 'addressLines') rows.push(['line1'], ['line2']);
    else if (last && !last.includes('line1') && !last.includes('line2')) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

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
  /** Whether the address is one to pick up from or deliver to: what its region requires is marked so. */
  deliverable?: boolean;
}

/**
 * The address fields of every form that takes one (stores, the address book): the region first, then its
 * place fields in the order its addresses write them (contract `addressLayout`), a field it does not
 * write only when it holds a value.
 */
export function AddressFields({
  values,
  onChange,
  withRecipient = false,
  errors = {},
  deliverable = false,
}: Props) {
  const { t } = useTranslation();
  const regionName = useRegionName();
  const required = deliverable ? deliverableFields(values.regionCode) : [];
  const text = (key: TextField) => (
    <TextInput
      key={key}
      label={t(LABELS[key])}
      value={values[key]}
      onChange={(event) => onChange({ ...values, [key]: event.currentTarget.value })}
      autoComplete={AUTOCOMPLETE[key]}
      required={required.includes(key)}
      error={errors[key]}
    />
  );
  const region = values.regionCode;
  const regions =
    region && !ADDRESS_REGIONS.includes(region) ? [...ADDRESS_REGIONS, region] : ADDRESS_REGIONS;
  return (
    <>
      <Select
        label={t('common.address.region')}
        data={regions.map((code) => ({ value: code, label: regionName(code) }))}
        value={region}
        onChange={(value) => onChange({ ...values, regionCode: value })}
        searchable
        clearable
        autoComplete="country"
        required={required.includes('regionCode')}
        error={errors.regionCode}
      />
      {withRecipient && text('recipient')}
      {text('organization')}
      {placeRows(values).map((row) =>
        row.length === 1 ? (
          text(row[0]!)
        ) : (
          <SimpleGrid key={row.join()} cols={{ base: 1, sm: row.length }} spacing="sm">
            {row.map(text)}
          </SimpleGrid>
        ),
      )}
      {text('phoneNumber')}
    </>
  );
}

const LABELS: Record<TextField, string> = {
  recipient: 'common.address.recipient',
  organization: 'common.address.organization',
  line1: 'common.address.line1',
  line2: 'common.address.line2',
  postalCode: 'common.address.postal_code',
  locality: 'common.address.locality',
  administrativeArea: 'common.address.administrative_area',
  phoneNumber: 'common.address.phone',
};

const AUTOCOMPLETE: Record<TextField, string> = {
  recipient: 'name',
  organization: 'organization',
  line1: 'address-line1',
  line2: 'address-line2',
  postalCode: 'postal-code',
  locality: 'address-level2',
  administrativeArea: 'address-level1',
  phoneNumber: 'tel',
};
