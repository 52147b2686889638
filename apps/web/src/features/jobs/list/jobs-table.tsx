import { jobCalibrationStatus, type Job } from '@fleet/contract';
import { ActionIcon, Checkbox, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalibrationBadge } from '../../../components/calibration-badge';
import { NextPageIcon } from '../../../components/icons';
import { SerialNumberLink } from '../../../components/serial-number-link';
import type { BulkSelection } from '../../../hooks/use-bulk-selection';
import { useDateFormat } from '../../../hooks/use-date-format';
import classes from './jobs-table.module.css';
import { useListLabel } from './list-labels';

/** A job's calibration display status (jobs §4), nothing when unknown. */
function JobCalibration({ job }: { job: Job }) {
  const { t } = useTranslation();
  const status = jobCalibrationStatus(job.result);
  if (!status) return null;
  return <CalibrationBadge status={status} label={t(`jobs.calibration.${status.toLowerCase()}`)} />;
}

/** The preview of a job: every tag it carries, and its result. */
function JobPreview({ job }: { job: Job }) {
  const { t } = useTranslation();
  const label = useListLabel();
  const tags = Object.entries(job.data);
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return (
    <dl className={classes.preview}>
      {tags.map(([tag, value]) => (
        <div key={tag}>
          <dt>{tag}</dt>
          <dd>{text(value)}</dd>
        </div>
      ))}
      <div>
        <dt>{t('jobs.columns.check')}</dt>
        <dd>{label('check', job.result.validChk)}</dd>
      </div>
      {job.result.gresst !== null && (
        <div>
          <dt>{t('jobs.columns.battery')}</dt>
          <dd>{label('battery', job.result.gresst)}</dd>
        </div>
      )}
      {job.group && (
        <div>
          <dt>{t('jobs.columns.group')}</dt>
          <dd>{job.group.groupName}</dd>
        </div>
      )}
    </dl>
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
                  <Table.Td className={classes.nowrap}>{job.workflow}</Table.Td>
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
                      <JobPreview job={job} />
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
