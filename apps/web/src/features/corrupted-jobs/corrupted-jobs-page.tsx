import { CORRUPTED_JOB_LIST, CORRUPTED_JOB_TOKENS, type CorruptedJob } from '@fleet/contract';
import { Anchor, Badge, Button, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { SerialNumberLink } from '../../components/serial-number-link';
import { showSuccess } from '../../components/show-success';
import type { DataColumn } from '../../components/table/data-table';
import { jobPath, paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { corruptedJobsQueryOptions } from './api';
import { openCorruptedJob } from './corrupted-job-dialog';
import { PageFrame } from '../../components/page-frame';
import { RefusalReason } from './refusal-reason';

const STATUS_COLOURS = { open: 'orange', reprocessed: 'green', discarded: 'gray' } as const;

/** Where a refused job stands, and the job it became once reprocessed. */
function CorruptedJobStatus({ job }: { job: CorruptedJob }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge color={STATUS_COLOURS[job.status]} variant="light" miw="max-content">
        {t(`corrupted_jobs.status.${job.status}`)}
      </Badge>
      {job.jobId && (
        <Anchor component={Link} to={jobPath(paths.jobDetails, job.jobId)} size="sm" display="block">
          {t('corrupted_jobs.the_job')}
        </Anchor>
      )}
    </>
  );
}

/**
 * Corrupted jobs (CORRUPTEDJOBS, docs/company-tools.md): jobs devices sent that the server refused, newest
 * first, each opened to its payload to fix and reprocess, or discard.
 */
export function CorruptedJobsPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const jobs = useTokenList({
    definition: CORRUPTED_JOB_LIST,
    rememberAs: 'corrupted-jobs',
    tokens: CORRUPTED_JOB_TOKENS,
    query: corruptedJobsQueryOptions,
    errorAction: 'corrupted_jobs.list',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Status'
        ? definition.choices?.map((value) => ({ value, label: t(`corrupted_jobs.status.${value}`) }))
        : undefined,
    [t],
  );

  const open = async (job: CorruptedJob) => {
    const changed = await openCorruptedJob(job);
    if (!changed) return;
    showSuccess(
      changed.status === 'reprocessed'
        ? t('corrupted_jobs.reprocessed', { serialNumber: changed.serialNumber })
        : t('corrupted_jobs.discarded', { serialNumber: changed.serialNumber }),
    );
  };

  const columns: DataColumn<CorruptedJob>[] = [
    {
      prop: 'received',
      labelLang: 'corrupted_jobs.columns.received',
      type: 'date',
      cell: (job) => date.long(job.receivedAt),
    },
    {
      prop: 'device',
      labelLang: 'corrupted_jobs.columns.device',
      cell: (job) => <SerialNumberLink serialNumber={job.serialNumber} />,
    },
    {
      prop: 'reason',
      labelLang: 'corrupted_jobs.columns.reason',
      cell: (job) => <RefusalReason reason={job.reason} />,
    },
    {
      prop: 'status',
      labelLang: 'corrupted_jobs.columns.status',
      type: 'status',
      cell: (job) => <CorruptedJobStatus job={job} />,
    },
    {
      prop: 'actions',
      labelLang: 'corrupted_jobs.columns.actions',
      type: 'action',
      cell: (job) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => void open(job)}
          aria-label={t('corrupted_jobs.open_of', {
            serialNumber: job.serialNumber,
            date: date.long(job.receivedAt),
          })}
        >
          {t('corrupted_jobs.open')}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame title={t('corrupted_jobs.page.title')} intro={t('corrupted_jobs.page.intro')}>
      <Stack gap="md">
        <TokenListFrame
          state={jobs}
          items={(data) => data.corruptedJobs}
          summary={(count) => t('corrupted_jobs.page.total', { count })}
          empty={{ title: t('corrupted_jobs.page.empty_title'), text: t('corrupted_jobs.page.empty_text') }}
          freeTextType="SerialNumber"
          options={options}
          table={{
            label: t('corrupted_jobs.page.table'),
            columns,
            rowKey: (job) => String(job.id),
            minWidth: 820,
          }}
        />
      </Stack>
    </PageFrame>
  );
}
