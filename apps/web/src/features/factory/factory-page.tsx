import {
  FACTORY_BATCH_MAX,
  factoryBatchBodySchema,
  type FactoryBatch,
  type FactoryBatchBody,
  type FactoryBatchCreated,
} from '@fleet/contract';
import { Button, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useCanUse } from '../../hooks/use-can-use';
import { useContractForm } from '../../hooks/use-contract-form';
import { useDateFormat } from '../../hooks/use-date-format';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { serialRangesQueryOptions } from '../../lib/endpoints/serial-ranges';
import { createFactoryBatchMutation, factoryBatchesQueryOptions } from './api';
import { BatchSheet } from './batch-sheet';
import { PageFrame } from '../../components/page-frame';

interface BatchFields {
  partNumber: string | null;
  count: number | string;
  deviceType: string;
  softwareVersion: string;
  databaseVersion: string;
  companyId: string | null;
  groupId: string | null;
}

const INITIAL_BATCH: BatchFields = {
  partNumber: null,
  count: 10,
  deviceType: '',
  softwareVersion: '',
  databaseVersion: '',
  companyId: null,
  groupId: null,
};

/** The batch the form's fields ask for: a number as typed (the contract refuses one out of bounds). */
function batchBodyOf(fields: BatchFields): Partial<FactoryBatchBody> {
  return {
    ...(fields.partNumber === null ? {} : { partNumber: fields.partNumber }),
    count: fields.count === '' ? Number.NaN : Number(fields.count),
    deviceType: fields.deviceType.trim(),
    ...(fields.softwareVersion.trim() ? { softwareVersion: fields.softwareVersion.trim() } : {}),
    ...(fields.databaseVersion.trim() ? { databaseVersion: fields.databaseVersion.trim() } : {}),
    companyId: fields.companyId,
    groupId: fields.groupId ? Number(fields.groupId) : null,
  };
}

function BatchForm({ onCreated }: { onCreated: (batch: FactoryBatchCreated) => void }) {
  const { t } = useTranslation();
  const ranges = useQuery({ ...serialRangesQueryOptions, enabled: useCanUse('SERIALNUMBER') });
  const companies = useQuery(companiesQueryOptions);
  const groups = useQuery(deviceGroupsQueryOptions);
  const form = useContractForm(factoryBatchBodySchema, INITIAL_BATCH, batchBodyOf);
  const { values, set } = form;
  const partNumbers = [...new Set(ranges.data?.ranges.map((range) => range.partNumber) ?? [])];
  const free = (ranges.data?.ranges ?? [])
    .filter((range) => range.partNumber === values.partNumber)
    .reduce((sum, range) => sum + range.unused, 0);
  const create = useMutation(createFactoryBatchMutation);
  const submit = () => void form.submit(async (body) => onCreated(await create.mutateAsync(body)));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('factory.form.part_number')}
            description={
              values.partNumber ? t('factory.form.free', { count: free }) : t('factory.form.part_number_hint')
            }
            data={partNumbers}
            value={values.partNumber}
            onChange={(value) => set('partNumber', value)}
            searchable
            required
            error={form.error('partNumber')}
          />
          <NumberInput
            label={t('factory.form.count')}
            min={1}
            max={FACTORY_BATCH_MAX}
            value={values.count}
            onChange={(value) => set('count', value)}
            allowDecimal={false}
            required
            error={form.error('count')}
          />
          <TextInput
            label={t('factory.form.device_type')}
            value={values.deviceType}
            onChange={(event) => set('deviceType', event.currentTarget.value.toUpperCase())}
            required
            error={form.error('deviceType')}
          />
          <div />
          <TextInput
            label={t('factory.form.software_version')}
            value={values.softwareVersion}
            onChange={(event) => set('softwareVersion', event.currentTarget.value)}
            error={form.error('softwareVersion')}
          />
          <TextInput
            label={t('factory.form.database_version')}
            value={values.databaseVersion}
            onChange={(event) => set('databaseVersion', event.currentTarget.value)}
            error={form.error('databaseVersion')}
          />
          <Select
            label={t('factory.form.company')}
            data={(companies.data?.companies ?? []).map((company) => ({
              value: company.id,
              label: company.name,
            }))}
            value={values.companyId}
            onChange={(value) => set('companyId', value)}
            error={form.error('companyId')}
            searchable
            clearable
            placeholder={t('factory.form.no_company')}
          />
          <Select
            label={t('factory.form.group')}
            data={(groups.data?.groups ?? []).map((group) => ({
              value: String(group.id),
              label: group.name,
            }))}
            value={values.groupId}
            onChange={(value) => set('groupId', value)}
            error={form.error('groupId')}
            clearable
            placeholder={t('factory.form.no_group')}
          />
        </SimpleGrid>
        <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
        <Button type="submit" w="fit-content" loading={form.busy}>
          {t('factory.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

const monospace = (text: ReactNode) => (
  <Text span inherit ff="monospace">
    {text}
  </Text>
);

/** The columns of the batches made: their serial numbers from first to last, who made them and when. */
function useBatchColumns(): DataColumn<FactoryBatch>[] {
  const date = useDateFormat();
  return [
    { prop: 'batch', labelLang: 'factory.batches.columns.batch', type: 'number', cell: (batch) => batch.id },
    {
      prop: 'partNumber',
      labelLang: 'factory.batches.columns.part_number',
      cell: (batch) => monospace(batch.partNumber),
    },
    { prop: 'type', labelLang: 'factory.batches.columns.type', cell: (batch) => batch.deviceType },
    {
      prop: 'devices',
      labelLang: 'factory.batches.columns.devices',
      type: 'number',
      cell: (batch) => batch.serialNumbers.length,
    },
    {
      prop: 'serialNumbers',
      labelLang: 'factory.batches.columns.serial_numbers',
      cell: (batch) =>
        monospace(
          <>
            {batch.serialNumbers[0]} – {batch.serialNumbers.at(-1)}
          </>,
        ),
    },
    {
      prop: 'created',
      labelLang: 'factory.batches.columns.created',
      forceNormalWordBreak: true,
      cell: (batch) => (
        <>
          <Text size="sm">{batch.createdBy}</Text>
          <Text size="xs" c="dimmed">
            {date.long(batch.createdAt)}
          </Text>
        </>
      ),
    },
  ];
}

/** The factory (FACTORY, docs/company-tools.md): newly built devices registered in batches, keys shown once. */
export function FactoryPage() {
  const { t } = useTranslation();
  const columns = useBatchColumns();
  const batches = useQuery(factoryBatchesQueryOptions);
  const [created, setCreated] = useState<FactoryBatchCreated | null>(null);
  return (
    <PageFrame title={t('factory.page.title')} intro={t('factory.page.intro')}>
      <Stack gap="lg">
        {created ? (
          <BatchSheet batch={created} onClose={() => setCreated(null)} />
        ) : (
          <BatchForm
            onCreated={(batch) => {
              setCreated(batch);
              showSuccess(t('factory.form.done', { count: batch.devices.length }));
            }}
          />
        )}
        <Title order={2} size="h3">
          {t('factory.batches.title')}
        </Title>
        <CallState call={batches}>
          {(data) =>
            data.batches.length === 0 ? (
              <Text c="dimmed">{t('factory.batches.none')}</Text>
            ) : (
              <DataTable
                label={t('factory.batches.title')}
                columns={columns}
                items={data.batches}
                rowKey={(batch) => String(batch.id)}
                minWidth={720}
              />
            )
          }
        </CallState>
      </Stack>
    </PageFrame>
  );
}
