import { serviceCenterBodySchema, type ServiceCenter } from '@fleet/contract';
import { TagsInput, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddressFields,
  addressFieldsOf,
  addressOfFields,
  ownAddressFields,
  type AddressFieldValues,
} from '../../components/address/address-fields';
import { addressErrors } from '../../components/address/address-errors';
import { openDialog } from '../../components/dialogs/open-dialog';
import { useContractForm } from '../../hooks/use-contract-form';
import { i18n } from '../../lib/i18n';
import { ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { saveServiceCenterMutation } from './api';

function ServiceCenterForm({
  center,
  finish,
}: {
  center: ServiceCenter | null;
  finish: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const kept = ownAddressFields(center?.address);
  const [address, setAddress] = useState<AddressFieldValues>(() => addressFieldsOf(center?.address));
  const form = useContractForm(serviceCenterBodySchema, {
    code: center?.code ?? '',
    name: center?.name ?? '',
    address: addressOfFields(address, kept),
    email: center?.email ?? null,
    deviceTypes: center?.deviceTypes ?? [],
    active: center?.active ?? true,
    staff: center?.staff.flatMap((member) => (member.username ? [member.username] : [])) ?? [],
  });
  const saveCenter = useMutation(saveServiceCenterMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={center !== null}
      save={(body) => saveCenter.mutateAsync({ id: center?.id ?? null, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <TextInput
        label={t('service_centers.fields.code')}
        value={form.values.code}
        onChange={(event) => form.set('code', event.currentTarget.value)}
        error={form.refused('code') ? t('service_centers.problems.code') : undefined}
        required
        maxLength={40}
        data-autofocus
      />
      <TextInput
        label={t('service_centers.fields.name')}
        value={form.values.name}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.refused('name') ? t('service_centers.problems.name') : undefined}
        required
        maxLength={120}
      />
      <AddressFields
        values={address}
        onChange={(next) => {
          setAddress(next);
          form.set('address', addressOfFields(next, kept));
        }}
        deliverable
        errors={addressErrors(form, 'address', address)}
      />
      <TextInput
        label={t('service_centers.fields.email')}
        type="email"
        value={form.values.email ?? ''}
        onChange={(event) => form.set('email', event.currentTarget.value.trim() || null)}
        error={form.refused('email') ? t('service_centers.problems.email') : undefined}
        maxLength={254}
      />
      <TagsInput
        label={t('service_centers.fields.device_types')}
        description={t('service_centers.fields.device_types_hint')}
        value={form.values.deviceTypes}
        onChange={(value) =>
          form.set(
            'deviceTypes',
            value.map((type) => type.toUpperCase()),
          )
        }
        maxTags={100}
        error={form.error('deviceTypes')}
      />
      <TagsInput
        label={t('service_centers.fields.staff')}
        description={t('service_centers.fields.staff_hint')}
        value={form.values.staff}
        onChange={(value) => form.set('staff', value)}
        maxTags={50}
        error={form.error('staff')}
      />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/** Opens the dialog that adds a center (null) or changes one; true once saved. */
export const openServiceCenterDialog = (center: ServiceCenter | null) =>
  openDialog<boolean>(
    center
      ? i18n.t('service_centers.edit_title', { name: center.name })
      : i18n.t('service_centers.add_title'),
    (finish) => <ServiceCenterForm center={center} finish={finish} />,
    false,
  );
