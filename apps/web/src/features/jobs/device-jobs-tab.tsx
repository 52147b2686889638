import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { JobModeSwitch } from './list/job-mode-switch';
import { JobsList } from './list/jobs-list';
import { MODE_KEY, useJobMode } from './list/use-job-mode';

const KEEP = [MODE_KEY];

/** The Jobs tab of a device page: the jobs list scoped to the device, normal or synthetic by features. */
export function DeviceJobsTab() {
  const serialNumber = useParams().serialNumber ?? '';
  const { synthetic } = useJobMode();
  const kind = synthetic ? 'SYNTHETIC' : 'LIVE';
  return (
    <Stack gap="md">
      <JobModeSwitch />
      <JobsList
        key={`${kind}:${serialNumber}`}
        kind={kind}
        serialNumber={serialNumber}
        rememberAs={`serie.jobs.${kind.toLowerCase()}`}
        keep={KEEP}
      />
    </Stack>
  );
}
