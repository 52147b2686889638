import { jobReportSchema, type CorruptedJob } from '@fleet/contract';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { i18n } from '../../lib/i18n';
import { discardCorruptedJob, reprocessCorruptedJob } from './api';

/** What is still wrong with a payload, checked as it is typed with the device route's own schema. */
function payloadProblem(payload: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    return (error as Error).message;
  }
  const parsed = jobReportSchema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${['body', ...issue.path.map(String)].join('.')}: ${issue.message}`;
}

function CorruptedJobForm({
  job,
  finish,
}: {
  job: CorruptedJob;
  finish: (changed: CorruptedJob | null) => void;
}) {
  const { t } = useTranslation();
  const [payload, setPayload] = useState(job.payload);
  const [busy, setBusy] = useState<'reprocess' | 'discard' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = payloadProblem(payload);
  const run = async (action: 'reprocess' | 'discard') => {
    setBusy(action);
    setFailure(null);
    try {
      finish(
        action === 'reprocess'
          ? await reprocessCorruptedJob(job.id, payload)
          : await discardCorruptedJob(job.id),
      );
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('corrupted_jobs.dialog.refused_because')}</Text>
      {job.reason.map((issue) => (
        <Text key={issue.field} size="sm" c="red.9">
          {issue.field}: {issue.message}
        </Text>
      ))}
      <Textarea
        label={t('corrupted_jobs.dialog.payload')}
        description={t('corrupted_jobs.dialog.payload_hint')}
        value={payload}
        onChange={(event) => setPayload(event.currentTarget.value)}
        autosize
        minRows={10}
        maxRows={24}
        ff="monospace"
        spellCheck={false}
        data-autofocus
        readOnly={job.status !== 'open'}
      />
      <ValidationText
        message={
          failure
            ? { kind: 'error', text: failure }
            : problem
              ? { kind: 'warning', text: t('corrupted_jobs.dialog.still_refused', { problem }) }
              : null
        }
      />
      {job.status === 'open' && (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            loading={busy === 'discard'}
            onClick={() => void run('discard')}
          >
            {t('corrupted_jobs.dialog.discard')}
          </Button>
          <Button
            loading={busy === 'reprocess'}
            disabled={problem !== null}
            onClick={() => void run('reprocess')}
          >
            {t('corrupted_jobs.dialog.reprocess')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Opens a refused job: why, its payload to fix, and reprocess or discard. */
export function openCorruptedJob(job: CorruptedJob): Promise<CorruptedJob | null> {
  return openDialog<CorruptedJob | null>(
    i18n.t('corrupted_jobs.dialog.title', { serialNumber: job.serialNumber }),
    (finish) => <CorruptedJobForm job={job} finish={finish} />,
    null,
    'wide',
  );
}
