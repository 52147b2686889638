import { jobCalibrationStatus, type Job, type JobLayout } from '@fleet/contract';
import { ActionIcon, Anchor, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalibrationBadge } from '../../../components/calibration-badge';
import { NextPageIcon } from '../../../components/icons';
import { SerialNumberLink } from '../../../components/serial-number-link';
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

interface JobsTableProps {
  jobs: readonly Job[];
  selection: BulkSelection;
  /** On a device page the device column says nothing new. */
  showDevice: boolean;
}

/**
 * Jobs as table rows: a click on a row selects it, a second click unselects it (select-cancellable);
 * the chevron opens its preview.
 */
export function JobsTable({ jobs, selection, showDevice }: JobsTableProps) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const label = useListLabel();
  const { current: layout } = useJobLayouts();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = [
    'begin_date',
    ...(showDevice ? ['device'] : []),
    'workflow',
    'type',
    'status',
    'calibration',
    'user',
    'vin',
    'ro',
  ];
  return (
    <Table.ScrollContainer minWidth={showDevice ? 1240 : 1080}>
      <Table highlightOnHover aria-label={t('jobs.list.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <span className={classes.hidden}>{t('jobs.columns.select')}</span>
            </Table.Th>
            <Table.Th w={40}>
              <span className={classes.hidden}>{t('jobs.columns.preview')}</span>
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column} className={classes.nowrap}>
                {t(`jobs.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const open = expanded.has(job.id);
            const selected = selection.isSelected(job.id);
            return (
              <Fragment key={job.id}>
                <Table.Tr
                  className={classes.row}
                  data-selected={selected || undefined}
                  onClick={(event) => {
                    // Links and buttons in the row do their own thing.
                    if ((event.target as HTMLElement).closest('a, button, input')) return;
                    selection.toggle(job.id);
                  }}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={t('jobs.list.select', { id: job.id })}
                      checked={selected}
                      disabled={!selected && selection.full}
                      onChange={() => selection.toggle(job.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-expanded={open}
                      aria-label={t(open ? 'jobs.list.hide_preview' : 'jobs.list.show_preview', {
                        id: job.id,
                      })}
                      onClick={() => toggle(job.id)}
                    >
                      <NextPageIcon className={open ? classes.chevronOpen : classes.chevron} />
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{date.long(job.beginDate)}</Table.Td>
                  {showDevice && (
                    <Table.Td className={classes.nowrap}>
                      <SerialNumberLink serialNumber={job.serialNumber} />
                    </Table.Td>
                  )}
                  <Table.Td className={classes.nowrap}>
                    <Anchor component={Link} to={jobPath(paths.jobSummary, job.id)}>
                      {job.workflow}
                      <VisuallyHidden> ({t('jobs.list.open_job', { id: job.id })})</VisuallyHidden>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{label('type', job.jobType)}</Table.Td>
                  <Table.Td>{label('status', job.jobStatus)}</Table.Td>
                  <Table.Td>
                    <JobCalibration job={job} />
                  </Table.Td>
                  <Table.Td>{job.user ?? <Text c="dimmed">—</Text>}</Table.Td>
                  <Table.Td>{typeof job.data.VIN === 'string' ? job.data.VIN : ''}</Table.Td>
                  <Table.Td>{typeof job.data.RO === 'string' ? job.data.RO : ''}</Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length + 2}>
                      <JobPreview job={job} layout={layout.layout} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
