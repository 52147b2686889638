import { jobCalibrationStatus, type Job, type JobLayout, type TableSort } from '@fleet/contract';
import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalibrationBadge } from '../../../components/calibration-badge';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import type { BulkSelection } from '../../../hooks/use-bulk-selection';
import { jobPath, paths } from '../../../config/paths';
import { useDateFormat } from '../../../hooks/use-date-format';
import { JobReport } from '../report/job-report';
import { useJobLayouts } from '../report/use-job-layouts';
import classes from './jobs-table.module.css';
import { useListLabel } from './list-labels';

/** A job's calibration display status (jobs §4), nothing when unknown. */
function JobCalibration({ job }: { job: Job }) {
  const { t } = useTranslation();
  const status = jobCalibrationStatus(job.result);
  if (!status) return null;
  return <CalibrationBadge status={status} label={t(`jobs.calibration.${status.toLowerCase()}`)} />;
}

/** The preview of a job (jobs spec §2): the sections of the user's report layout, filled with its tags. */
function JobPreview({ job, layout }: { job: Job; layout: JobLayout }) {
  const { t } = useTranslation();
  return (
    <div className={classes.preview}>
      <JobReport job={job} layout={layout} headingLevel={3} />
      <Anchor component={Link} to={jobPath(paths.jobSummary, job.id)} size="sm">
        {t('jobs.list.open_job', { id: job.id })}
      </Anchor>
    </div>
  );
}

const tag = (job: Job, name: string) => (typeof job.data[name] === 'string' ? job.data[name] : '');

/** The jobs lists' columns (jobs §3): begin and posted date sort, the device only off its own page. */
function useJobColumns(showDevice: boolean): DataColumn<Job>[] {
  const date = useDateFormat();
  const label = useListLabel();
  return useMemo(() => {
    const columns: DataColumn<Job>[] = [
      {
        prop: 'beginDate',
        labelLang: 'jobs.columns.begin_date',
        sortable: true,
        sortBy: 'BeginDate',
        type: 'date',
        cell: (job) => date.long(job.beginDate),
      },
      {
        prop: 'serialNumber',
        labelLang: 'jobs.columns.device',
        cell: (job) => <SerialNumberLink serialNumber={job.serialNumber} />,
      },
      { prop: 'workflow', labelLang: 'jobs.columns.workflow', cell: (job) => job.workflow },
      { prop: 'jobType', labelLang: 'jobs.columns.type', cell: (job) => label('type', job.jobType) },
      { prop: 'jobStatus', labelLang: 'jobs.columns.status', cell: (job) => label('status', job.jobStatus) },
      {
        prop: 'calibration',
        labelLang: 'jobs.columns.calibration',
        type: 'status',
        cell: (job) => <JobCalibration job={job} />,
      },
      {
        prop: 'user',
        labelLang: 'jobs.columns.user',
        forceNormalWordBreak: true,
        cell: (job) => job.user ?? <Text c="dimmed">—</Text>,
      },
      { prop: 'vin', labelLang: 'jobs.columns.vin', cell: (job) => tag(job, 'VIN') },
      { prop: 'ro', labelLang: 'jobs.columns.ro', cell: (job) => tag(job, 'RO') },
      {
        prop: 'postedDate',
        labelLang: 'jobs.columns.posted_date',
        sortable: true,
        sortBy: 'PostedDate',
        type: 'date',
        cell: (job) => date.long(job.postedDate),
      },
    ];
    return showDevice ? columns : columns.filter((column) => column.prop !== 'serialNumber');
  }, [date, label, showDevice]);
}

interface JobsTableProps {
  jobs: readonly Job[];
  /** The selection across pages, for the users who can do something with it. */
  selection: BulkSelection | undefined;
  sort: { state: TableSort; onSort: (next: TableSort) => void };
  /** On a device page the device column says nothing new. */
  showDevice: boolean;
}

/**
 * Jobs as table rows: a click opens the job (ctrl or middle click in a new tab), the checkbox adds it to
 * the selection, the chevron opens its preview, and the date headers sort.
 */
export function JobsTable({ jobs, selection, sort, showDevice }: JobsTableProps) {
  const { t } = useTranslation();
  const { current: layout } = useJobLayouts();
  const columns = useJobColumns(showDevice);
  return (
    <DataTable
      label={t('jobs.list.label')}
      columns={columns}
      items={jobs}
      rowKey={(job) => job.id}
      sort={sort}
      minWidth={showDevice ? 1360 : 1200}
      rowClick={{
        mode: 'redirect',
        to: (job) => jobPath(paths.jobSummary, job.id),
        linkColumn: 'workflow',
        linkLabel: (job) => t('jobs.list.open_job', { id: job.id }),
      }}
      selection={selection && { state: selection, label: (job) => t('jobs.list.select', { id: job.id }) }}
      expand={{
        render: (job) => <JobPreview job={job} layout={layout.layout} />,
        label: (job, open) => t(open ? 'jobs.list.hide_preview' : 'jobs.list.show_preview', { id: job.id }),
      }}
    />
  );
}
