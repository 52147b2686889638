import {
  webhookCreateSchema,
  webhookEventTypesFor,
  webhookUpdateSchema,
  type Me,
  type WebhookCreated,
  type WebhookEndpoint,
} from '@fleet/contract';
import { MultiSelect, Select, Switch, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../components/dialogs/open-dialog';
import { CLOSED_UNMOUNTED } from '../../components/list/combobox-props';
import { ContractFormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';
import { companiesQueryOptions } from '../../lib/endpoints/directory';
import { i18n } from '../../lib/i18n';
import { createEndpointMutation, updateEndpointMutation } from './api';
import { eventTypeKey } from './event-names';

interface Fields {
  url: string;
  eventTypes: string[];
}

interface FieldsProps {
  me: Me;
  values: Fields;
  onUrl: (url: string) => void;
  onEventTypes: (types: string[]) => void;
  error: (field: string) => string | undefined;
}

/** The address and the event types, the same in both forms. */
function EndpointFields({ me, values, onUrl, onEventTypes, error }: FieldsProps) {
  const { t } = useTranslation();
  const types = webhookEventTypesFor(me.roles).map((type) => ({
    value: type,
    label: t(eventTypeKey(type)),
  }));
  return (
    <>
      <TextInput
        label={t('webhooks.form.url')}
        description={t('webhooks.form.url_hint')}
        value={values.url}
        onChange={(event) => onUrl(event.currentTarget.value)}
        required
        data-autofocus
        error={error('url')}
      />
      <MultiSelect
        label={t('webhooks.form.event_types')}
        data={types}
        value={values.eventTypes}
        onChange={onEventTypes}
        required
        searchable
        comboboxProps={CLOSED_UNMOUNTED}
        error={error('eventTypes')}
      />
    </>
  );
}

/** The staff's choice of company: one, or every company (their endpoint then hears of them all). */
function CompanySelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const companies = useQuery(companiesQueryOptions);
  return (
    <Select
      label={t('webhooks.form.company')}
      description={t('webhooks.form.company_hint')}
      data={[
        { value: '', label: t('webhooks.every_company') },
        ...(companies.data?.companies ?? []).map((company) => ({ value: company.id, label: company.name })),
      ]}
      value={value}
      onChange={(chosen) => onChange(chosen ?? '')}
      allowDeselect={false}
      searchable
      comboboxProps={CLOSED_UNMOUNTED}
      error={error}
    />
  );
}

function CreateForm({ me, finish }: { me: Me; finish: (created: WebhookCreated | null) => void }) {
  const { t } = useTranslation();
  const create = useMutation(createEndpointMutation);
  const form = useContractForm<typeof webhookCreateSchema, Fields & { company: string }>(
    webhookCreateSchema,
    { url: 'https://', eventTypes: [], company: me.wholeFleet ? '' : (me.company?.id ?? '') },
    (values) => ({
      url: values.url.trim(),
      eventTypes: values.eventTypes,
      companyId: values.company || null,
    }),
  );
  return (
    <ContractFormFrame
      form={form}
      save={(body) => create.mutateAsync(body)}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('webhooks.form.create')}
    >
      <EndpointFields
        me={me}
        values={form.values}
        onUrl={(url) => form.set('url', url)}
        onEventTypes={(types) => form.set('eventTypes', types)}
        error={form.error}
      />
      {me.wholeFleet && (
        <CompanySelect
          value={form.values.company}
          onChange={(value) => form.set('company', value)}
          error={form.error('companyId')}
        />
      )}
    </ContractFormFrame>
  );
}

function EditForm({
  me,
  endpoint,
  finish,
}: {
  me: Me;
  endpoint: WebhookEndpoint;
  finish: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useMutation(updateEndpointMutation);
  const form = useContractForm<typeof webhookUpdateSchema, Fields & { enabled: boolean }>(
    webhookUpdateSchema,
    { url: endpoint.url, eventTypes: [...endpoint.eventTypes], enabled: endpoint.enabled },
    (values) => ({ ...values, url: values.url.trim() }),
  );
  return (
    <ContractFormFrame
      form={form}
      editing
      save={(body) => update.mutateAsync({ id: endpoint.id, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <EndpointFields
        me={me}
        values={form.values}
        onUrl={(url) => form.set('url', url)}
        onEventTypes={(types) => form.set('eventTypes', types)}
        error={form.error}
      />
      <Switch
        label={t('webhooks.form.enabled')}
        description={t('webhooks.form.enabled_hint')}
        checked={form.values.enabled}
        onChange={(event) => form.set('enabled', event.currentTarget.checked)}
      />
    </ContractFormFrame>
  );
}

const open = <T,>(title: string, body: (finish: (result: T) => void) => ReactNode, dismissed: T) =>
  openDialog<T>(title, body, dismissed, 'wide');

/** Adds an endpoint; resolves with it and its secret once made. */
export const openCreateForm = (me: Me) =>
  open<WebhookCreated | null>(
    i18n.t('webhooks.form.create_title'),
    (finish) => <CreateForm me={me} finish={finish} />,
    null,
  );

/** Changes an endpoint; resolves true once saved. */
export const openEditForm = (me: Me, endpoint: WebhookEndpoint) =>
  open<boolean>(
    i18n.t('webhooks.form.edit_title'),
    (finish) => <EditForm me={me} endpoint={endpoint} finish={finish} />,
    false,
  );
