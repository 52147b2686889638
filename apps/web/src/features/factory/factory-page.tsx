import { FACTORY_BATCH_MAX, type FactoryBatchCreated } from '@fleet/contract';
import {
  Button,
  Container,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { dialogErrorText } from '../../components/dialogs';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showSuccess } from '../../components/show-success';
import { useCanUse } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { SERIAL_RANGES_KEY, serialRangesQueryOptions } from '../../lib/endpoints/serial-ranges';
import { FACTORY_KEY, createFactoryBatch, factoryBatchesQueryOptions } from './api';
import { BatchSheet } from './batch-sheet';

function BatchForm({ onCreated }: { onCreated: (batch: FactoryBatchCreated) => void }) {
  const { t } = useTranslation();
  const ranges = useQuery({ ...serialRangesQueryOptions, enabled: useCanUse('SERIALNUMBER') });
  const companies = useQuery(companiesQueryOptions);
  const groups = useQuery(deviceGroupsQueryOptions);
  const [partNumber, setPartNumber] = useState<string | null>(null);
  const [count, setCount] = useState<number | string>(10);
  const [deviceType, setDeviceType] = useState('');
  const [softwareVersion, setSoftwareVersion] = useState('');
  const [databaseVersion, setDatabaseVersion] = useState('');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const partNumbers = [...new Set(ranges.data?.ranges.map((range) => range.partNumber) ?? [])];
  const free = (ranges.data?.ranges ?? [])
    .filter((range) => range.partNumber === partNumber)
    .reduce((sum, range) => sum + range.unused, 0);
  const ready = partNumber !== null && deviceType.trim() !== '' && Number(count) >= 1;

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    try {
      const batch = await createFactoryBatch({
        partNumber,
        count: Number(count),
        deviceType: deviceType.trim(),
        ...(softwareVersion.trim() ? { softwareVersion: softwareVersion.trim() } : {}),
        ...(databaseVersion.trim() ? { databaseVersion: databaseVersion.trim() } : {}),
        companyId,
        groupId: groupId ? Number(groupId) : null,
      });
      onCreated(batch);
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
      <Stack gap="sm" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('factory.form.part_number')}
            description={
              partNumber ? t('factory.form.free', { count: free }) : t('factory.form.part_number_hint')
            }
            data={partNumbers}
            value={partNumber}
            onChange={setPartNumber}
            searchable
            required
          />
          <NumberInput
            label={t('factory.form.count')}
            min={1}
            max={FACTORY_BATCH_MAX}
            value={count}
            onChange={setCount}
            required
          />
          <TextInput
            label={t('factory.form.device_type')}
            value={deviceType}
            onChange={(event) => setDeviceType(event.currentTarget.value.toUpperCase())}
            required
          />
          <div />
          <TextInput
            label={t('factory.form.software_version')}
            value={softwareVersion}
            onChange={(event) => setSoftwareVersion(event.currentTarget.value)}
          />
          <TextInput
            label={t('factory.form.database_version')}
            value={databaseVersion}
            onChange={(event) => setDatabaseVersion(event.currentTarget.value)}
          />
          <Select
            label={t('factory.form.company')}
            data={(companies.data?.companies ?? []).map((company) => ({
              value: company.id,
              label: company.name,
            }))}
            value={companyId}
            onChange={setCompanyId}
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
            value={groupId}
            onChange={setGroupId}
            clearable
            placeholder={t('factory.form.no_group')}
          />
        </SimpleGrid>
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <Button type="submit" w="fit-content" loading={busy} disabled={!ready}>
          {t('factory.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The factory (FACTORY, docs/company-tools.md): newly built devices registered in batches, keys shown once. */
export function FactoryPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const queryClient = useQueryClient();
  const batches = useQuery(factoryBatchesQueryOptions);
  const [created, setCreated] = useState<FactoryBatchCreated | null>(null);
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('factory.page.title')}
        </Title>
        <Text c="dimmed">{t('factory.page.intro')}</Text>
        {created ? (
          <BatchSheet batch={created} onClose={() => setCreated(null)} />
        ) : (
          <BatchForm
            onCreated={(batch) => {
              setCreated(batch);
              showSuccess(t('factory.form.done', { count: batch.devices.length }));
              void queryClient.invalidateQueries({ queryKey: FACTORY_KEY });
              void queryClient.invalidateQueries({ queryKey: SERIAL_RANGES_KEY });
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
              <Table.ScrollContainer minWidth={720}>
                <Table aria-label={t('factory.batches.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      {['batch', 'part_number', 'type', 'devices', 'serial_numbers', 'created'].map(
                        (column) => (
                          <Table.Th key={column}>{t(`factory.batches.columns.${column}`)}</Table.Th>
                        ),
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.batches.map((batch) => (
                      <Table.Tr key={batch.id}>
                        <Table.Td>{batch.id}</Table.Td>
                        <Table.Td ff="monospace">{batch.partNumber}</Table.Td>
                        <Table.Td>{batch.deviceType}</Table.Td>
                        <Table.Td>{batch.serialNumbers.length}</Table.Td>
                        <Table.Td ff="monospace">
                          {batch.serialNumbers[0]} – {batch.serialNumbers.at(-1)}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{batch.createdBy}</Text>
                          <Text size="xs" c="dimmed">
                            {date.long(batch.createdAt)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </CallState>
      </Stack>
    </Container>
  );
}
