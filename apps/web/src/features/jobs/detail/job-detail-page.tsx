import { jobCalibrationStatus } from '@fleet/contract';
import { Badge, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { CalibrationBadge } from '../../../components/calibration-badge';
import { CallError, CallLoading } from '../../../components/call-state';
import { PageFrame } from '../../../components/page-frame';
import { RouterTabs } from '../../../components/router-tabs';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { jobPath, paths } from '../../../config/paths';
import { useDateFormat } from '../../../hooks/use-date-format';
import { ApiError } from '../../../lib/api';
import { jobDetailQueryOptions } from '../api/job-detail';
import { useListLabel } from '../list/list-labels';
import { JobVehicle } from './job-vehicle';

export function useJobId(): string {
  return useParams().jobID ?? '';
}

/**
 * Route JobDetail (jobs spec §2): the job's heading (what was done, on which device, when, with what
 * outcome), then its Summary, Graphs and Pictures. A job the user may not see is not found.
 */
export function JobDetailPage() {
  const { t } = useTranslation();
  const jobId = useJobId();
  const detail = useQuery(jobDetailQueryOptions(jobId));
  const date = useDateFormat();
  const label = useListLabel();
  if (detail.error instanceof ApiError && detail.error.status === 404)
    return <Navigate to={paths.notFound.path} replace />;
  const tabs = (['summary', 'graphs', 'pictures'] as const).map((name) => {
    const count =
      name === 'graphs'
        ? detail.data?.graphCount
        : name === 'pictures'
          ? detail.data?.pictureCount
          : undefined;
    const route = { summary: paths.jobSummary, graphs: paths.jobGraphs, pictures: paths.jobPictures }[name];
    return {
      label:
        count === undefined ? t(`job_detail.tabs.${name}`) : `${t(`job_detail.tabs.${name}`)} (${count})`,
      path: jobPath(route, jobId),
      feature: route.feature,
    };
  });
  const job = detail.data?.job;
  const calibration = job ? jobCalibrationStatus(job.result) : null;

  return (
    <PageFrame
      title={t('job_detail.page.title', { id: jobId })}
      intro={
        job && (
          <>
            {job.workflow} · {label('type', job.jobType)} ·{' '}
            <SerialNumberLink serialNumber={job.serialNumber} underline="always" /> ·{' '}
            {date.long(job.beginDate)}
            {job.user ? ` · ${job.user}` : ''}
          </>
        )
      }
      actions={
        job && (
          <Group gap="xs">
            {detail.data?.archived && (
              <Badge color="gray" variant="light" size="lg" tt="none">
                {t('job_detail.page.archived')}
              </Badge>
            )}
            <Badge variant="light" size="lg" tt="none">
              {label('status', job.jobStatus)}
            </Badge>
            {calibration && (
              <CalibrationBadge
                status={calibration}
                label={t(`jobs.calibration.${calibration.toLowerCase()}`)}
              />
            )}
          </Group>
        )
      }
    >
      <Stack gap="md">
        {job && <JobVehicle job={job} />}
        {detail.data !== undefined ? (
          <RouterTabs tabs={tabs} label={t('job_detail.tabs.label')} />
        ) : detail.isError ? (
          <CallError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <CallLoading />
        )}
      </Stack>
    </PageFrame>
  );
}
