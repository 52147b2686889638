import { STORE_ARCHIVED, storeBodySchema, type Store, type StoreBody } from '@fleet/contract';
import { Select, SimpleGrid, Switch, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../components/dialogs/open-dialog';
import {
  ADDRESS_BODY_FIELDS,
  ADDRESS_FIELDS,
  AddressFields,
  addressFieldsOf,
  addressOfFields,
  type AddressFieldValues,
} from '../../components/address/address-fields';
import { ContractFormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { i18n } from '../../lib/i18n';
import { saveStoreMutation } from './api';

interface Fields {
  officialStoreCode: string;
  name: string;
  dealerCode: string;
  companyId: string | null;
  groupId: string | null;
  archived: boolean;
  address: AddressFieldValues;
}

function fieldsOf(store: Store | null): Fields {
  return {
    officialStoreCode: store?.officialStoreCode ?? '',
    name: store?.name ?? '',
    dealerCode: store?.dealerCode ?? '',
    companyId: store?.companyId ?? null,
    groupId: store?.groupId ? String(store.groupId) : null,
    archived: store?.storeStatus === STORE_ARCHIVED,
    address: addressFieldsOf(store?.storeAddress),
  };
}

/** The body of a store from the form; the address keeps what the form does not show (recipients, cc). */
function bodyOf(fields: Fields, store: Store | null, seesAddress: boolean): StoreBody {
  const text = (value: string) => value.trim() || undefined;
  const address = addressOfFields(fields.address, store?.storeAddress ?? {});
  return {
    officialStoreCode: fields.officialStoreCode.trim(),
    name: fields.name.trim(),
    dealerCode: text(fields.dealerCode) ?? null,
    companyId: fields.companyId,
    groupId: fields.groupId ? Number(fields.groupId) : null,
    storeStatus: fields.archived ? STORE_ARCHIVED : 0,
    ...(seesAddress ? { storeAddress: address } : {}),
  };
}

interface FormProps {
  store: Store | null;
  internal: boolean;
  seesAddress: boolean;
  finish: (store: Store | null) => void;
}

function StoreForm({ store, internal, seesAddress, finish }: FormProps) {
  const { t } = useTranslation();
  const companies = useQuery({ ...companiesQueryOptions, enabled: internal });
  const groups = useQuery(deviceGroupsQueryOptions);
  const form = useContractForm(storeBodySchema, fieldsOf(store), (fields: Fields) =>
    bodyOf(fields, store, seesAddress),
  );
  const { values: fields, set } = form;
  const text = (
    key: 'officialStoreCode' | 'dealerCode' | 'name',
    label: string,
    extra: { required?: boolean; autofocus?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      value={fields[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      required={extra.required}
      data-autofocus={extra.autofocus || undefined}
      error={form.error(key)}
    />
  );
  const addressError = (field: keyof AddressFieldValues) =>
    form.error(`storeAddress.${ADDRESS_BODY_FIELDS[field]}`);
  const save = useMutation(saveStoreMutation);

  return (
    <ContractFormFrame
      form={form}
      editing={store !== null}
      save={(body) => save.mutateAsync({ id: store?.id ?? null, body })}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={store ? t('stores.form.save') : t('stores.form.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('officialStoreCode', t('stores.fields.official_store_code'), {
          required: true,
          autofocus: true,
        })}
        {text('dealerCode', t('stores.fields.dealer_code'))}
      </SimpleGrid>
      {text('name', t('stores.fields.name'), { required: true })}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {internal && (
          <Select
            label={t('stores.fields.company')}
            data={(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={fields.companyId}
            onChange={(value) => set('companyId', value)}
            searchable
            clearable
            placeholder={t('stores.form.no_company')}
          />
        )}
        <Select
          label={t('stores.fields.group')}
          data={(groups.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={fields.groupId}
          onChange={(value) => set('groupId', value)}
          clearable
          placeholder={t('stores.form.no_group')}
        />
      </SimpleGrid>
      <Switch
        label={t('stores.form.archived')}
        description={t('stores.form.archived_hint')}
        checked={fields.archived}
        onChange={(event) => set('archived', event.currentTarget.checked)}
      />
      {seesAddress && (
        <>
          <Title order={3} size="h5" mt="xs">
            {t('stores.fields.address')}
          </Title>
          <AddressFields
            values={fields.address}
            onChange={(address) => set('address', address)}
            errors={Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, addressError(field)] as const))}
          />
        </>
      )}
    </ContractFormFrame>
  );
}

/** Creates a store, or edits this one; answers the store saved, or null when cancelled. */
export function openStoreForm(store: Store | null, options: { internal: boolean; seesAddress: boolean }) {
  return openDialog<Store | null>(
    i18n.t(store ? 'stores.form.edit_title' : 'stores.form.create_title', { code: store?.officialStoreCode }),
    (finish) => <StoreForm store={store} finish={finish} {...options} />,
    null,
    'wide',
  );
}
