import { Stack } from '@mantine/core';
import { JobModeSwitch } from './list/job-mode-switch';
import { JobsList } from './list/jobs-list';
import { MODE_KEY, useJobMode } from './list/use-job-mode';

const KEEP = [MODE_KEY];

/** Route Jobs_Live: the jobs of the last day by default, or the synthetic ones. */
export function LiveJobsPage() {
  const { synthetic } = useJobMode();
  const kind = synthetic ? 'SYNTHETIC' : 'LIVE';
  return (
    <Stack gap="md">
      <JobModeSwitch />
      <JobsList key={kind} kind={kind} rememberAs={`jobs.${kind.toLowerCase()}`} keep={KEEP} />
    </Stack>
  );
}
