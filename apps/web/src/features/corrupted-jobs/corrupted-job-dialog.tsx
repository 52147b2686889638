import {
  corruptedJobReprocessSchema,
  fieldRuleOf,
  jobReportSchema,
  type CorruptedJob,
} from '@fleet/contract';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { useContractForm } from '../../hooks/use-contract-form';
import { ApiError } from '../../lib/api';
import { fieldIssuesOf, ruleText } from '../../lib/field-problems';
import { i18n } from '../../lib/i18n';
import { discardCorruptedJobMutation, reprocessCorruptedJobMutation } from './api';
import { RefusalReason } from './refusal-reason';

/**
 * What is still wrong with a payload, checked as it is typed with the device route's own schema, said in
 * the user's words with where it is in the JSON (`tpms.0.pressure: Required`).
 */
function payloadProblem(payload: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return i18n.t('corrupted_jobs.dialog.not_json');
  }
  const parsed = jobReportSchema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const text = ruleText(fieldRuleOf(issue));
  return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${text}` : text;
}

/**
 * The server names what is still wrong inside a payload as the device route does, from `body`
 * (`body.serialNumber`): here all of that is the form's payload, so that it shows under that field (and
 * goes once the payload is changed).
 */
function insidePayload(error: unknown): unknown {
  const issues = fieldIssuesOf(error);
  if (!(error instanceof ApiError) || issues.length === 0 || typeof error.body !== 'object' || !error.body)
    return error;
  const details = issues.map((issue) =>
    /^body(\.|$)/.test(issue.field) ? { ...issue, field: 'body.payload' } : issue,
  );
  return new ApiError(
    error.status,
    error.statusText,
    error.messageKey,
    { ...error.body, details },
    error.request,
  );
}

function CorruptedJobForm({
  job,
  finish,
}: {
  job: CorruptedJob;
  finish: (changed: CorruptedJob | null) => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(corruptedJobReprocessSchema, { payload: job.payload });
  const reprocessing = useMutation(reprocessCorruptedJobMutation);
  // Discarding sends nothing of the form: a one-click change with its own failure.
  const discarding = useMutation(discardCorruptedJobMutation);
  const problem = payloadProblem(form.values.payload);
  const failure = form.failure ?? (discarding.error ? dialogErrorText(discarding.error) : null);
  const reprocess = () =>
    void form.submit(async ({ payload }) => {
      try {
        finish(await reprocessing.mutateAsync({ id: job.id, payload }));
      } catch (error) {
        throw insidePayload(error);
      }
    });
  const discard = () => discarding.mutate(job.id, { onSuccess: finish });
  return (
    <Stack gap="sm">
      <Text size="sm">{t('corrupted_jobs.dialog.refused_because')}</Text>
      <RefusalReason reason={job.reason} c="red.9" />
      <Textarea
        label={t('corrupted_jobs.dialog.payload')}
        description={t('corrupted_jobs.dialog.payload_hint')}
        value={form.values.payload}
        onChange={(event) => form.set('payload', event.currentTarget.value)}
        autosize
        minRows={10}
        maxRows={24}
        ff="monospace"
        spellCheck={false}
        data-autofocus
        readOnly={job.status !== 'open'}
        error={form.error('payload')}
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
          <Button variant="default" color="red" loading={discarding.isPending} onClick={discard}>
            {t('corrupted_jobs.dialog.discard')}
          </Button>
          <Button loading={form.busy} disabled={problem !== null} onClick={reprocess}>
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
