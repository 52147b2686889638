import { SERIES_LIST, SERIES_TOKENS, type MigrationPreview } from '@fleet/contract';
import { Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dialogErrorText, hardConfirm } from '../../components/dialogs';
import { ValidationText } from '../../components/dialogs/validation-text';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { showTaskQueued } from '../../components/tasks/task-queued-toast';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useMayStartTask } from '../../hooks/use-can-use';
import { useListState } from '../../hooks/use-list-state';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { exportFilters } from '../../lib/list-request';
import { previewMigrationMutation, requestMigrationMutation } from './api';

/** The choices' words are the devices list's: here the tokens show their values. */
const noOptions: TokenOptions = () => undefined;

type MovingDevice = MigrationPreview['devices'][number];

/**
 * Migration (CONFIGURATION.MIGRATION, docs/company-tools.md): the devices of the devices list's filters
 * (the list's own, kept between the two screens) moved to another company and/or group, previewed, confirmed
 * by typing their count, and moved by a task.
 */
export function MigrationPage() {
  const { t } = useTranslation();
  const followsTasks = useMayStartTask('series-migration');
  const [list, dispatch] = useListState(SERIES_LIST, 'series.devices');
  const definitions = useAvailableTokens(SERIES_TOKENS);
  const { tokens, filters, setTokens } = useTokenFilters(list, dispatch, definitions);
  const companies = useQuery(companiesQueryOptions);
  const groups = useQuery(deviceGroupsQueryOptions);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [handOverJobs, setHandOverJobs] = useState(false);
  const previewing = useMutation(previewMigrationMutation);
  const migration = useMutation(requestMigrationMutation);
  const preview = previewing.data;
  const failed = previewing.error ?? migration.error;
  const target = {
    Filters: exportFilters(filters),
    ...(companyId ? { companyId } : {}),
    ...(groupId ? { groupId: Number(groupId) } : {}),
  };
  const reviewAgain = () => {
    previewing.reset();
    migration.reset();
  };
  const runPreview = () => {
    migration.reset();
    previewing.mutate(target);
  };
  const migrate = async (count: number) => {
    const confirmed = await hardConfirm({
      title: t('configuration.migration.confirm_title'),
      message: t('configuration.migration.confirm_message', { count }),
      verificationText: String(count),
      confirmLabel: t('configuration.migration.migrate'),
    });
    if (!confirmed) return;
    migration.mutate(
      {
        ...target,
        confirmCount: count,
        ...(companyId && handOverJobs ? { handOverJobs } : {}),
        ExportDescription: t('configuration.migration.description', { count }),
      },
      {
        onSuccess: () => {
          showTaskQueued(t('configuration.migration.requested'));
          previewing.reset();
        },
      },
    );
  };
  const companyName = (id: string | null) => companies.data?.companies.find((c) => c.id === id)?.name ?? '—';
  const groupName = (id: number | null) => groups.data?.groups.find((g) => g.id === id)?.name ?? '—';
  const columns: DataColumn<MovingDevice>[] = [
    {
      prop: 'serialNumber',
      labelLang: 'configuration.migration.serial_number',
      cell: (device) => (
        <Text span size="sm" ff="monospace">
          {device.serialNumber}
        </Text>
      ),
    },
    {
      prop: 'company',
      labelLang: 'configuration.migration.company_now',
      forceNormalWordBreak: true,
      cell: (device) => companyName(device.companyId),
    },
    {
      prop: 'group',
      labelLang: 'configuration.migration.group_now',
      forceNormalWordBreak: true,
      cell: (device) => groupName(device.groupId),
    },
  ];

  return (
    <Stack gap="md">
      <Text>
        {t('configuration.migration.intro')}{' '}
        <Anchor component={Link} to={paths.seriesDevices.path} underline="always">
          {t('configuration.migration.devices_list')}
        </Anchor>
      </Text>
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={noOptions}
        freeTextType="Search"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={760}>
        <Select
          label={t('configuration.migration.company')}
          data={(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={companyId}
          onChange={(value) => {
            setCompanyId(value);
            reviewAgain();
          }}
          searchable
          clearable
          placeholder={t('configuration.migration.unchanged')}
        />
        <Select
          label={t('configuration.migration.group')}
          data={(groups.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={groupId}
          onChange={(value) => {
            setGroupId(value);
            reviewAgain();
          }}
          clearable
          placeholder={t('configuration.migration.unchanged')}
        />
      </SimpleGrid>
      {companyId && (
        <Checkbox
          label={t('configuration.migration.hand_over_jobs')}
          description={t('configuration.migration.hand_over_jobs_hint')}
          checked={handOverJobs}
          onChange={(event) => setHandOverJobs(event.currentTarget.checked)}
          maw={760}
        />
      )}
      <ValidationText message={failed ? { kind: 'error', text: dialogErrorText(failed) } : null} />
      <Group gap="sm">
        <Button
          variant="default"
          loading={previewing.isPending}
          disabled={!companyId && !groupId}
          onClick={runPreview}
        >
          {t('configuration.migration.preview')}
        </Button>
        {!followsTasks && <Text size="sm">{t('configuration.migration.no_tasks')}</Text>}
      </Group>
      {preview && (
        <Stack gap="sm">
          <Text fw={600}>{t('configuration.migration.count', { count: preview.count })}</Text>
          {preview.devices.length > 0 && (
            <DataTable
              label={t('configuration.migration.table')}
              columns={columns}
              items={preview.devices}
              rowKey={(device) => device.serialNumber}
              minWidth={560}
            />
          )}
          {followsTasks && preview.count > 0 && (
            <Button
              color="red"
              w="fit-content"
              loading={migration.isPending}
              onClick={() => void migrate(preview.count)}
            >
              {t('configuration.migration.migrate_count', { count: preview.count })}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
