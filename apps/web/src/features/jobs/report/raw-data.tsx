import { Code, ScrollArea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Job } from '@fleet/contract';
import { downloadText } from '../../../lib/download';
import { i18n } from '../../../lib/i18n';

/** The job as the server answered it, as JSON text. */
export const rawJson = (job: Job) => JSON.stringify(job, null, 2);

/** Jobs spec §2 "see raw data": the job's JSON in a dialog. */
export function openRawData(job: Job): void {
  modals.open({
    title: i18n.t('job_detail.actions.raw_data_title', { id: job.id }),
    size: 'xl',
    children: (
      <ScrollArea.Autosize mah="70vh">
        <Code block>{rawJson(job)}</Code>
      </ScrollArea.Autosize>
    ),
  });
}

/** Jobs spec §2 "download raw JSON": `job-<id>.json`. */
export function downloadRawJson(job: Job): void {
  downloadText(`job-${job.id}.json`, rawJson(job));
}
