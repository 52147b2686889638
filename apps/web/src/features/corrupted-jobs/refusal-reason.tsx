import type { FieldIssue } from '@fleet/contract';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/field-problems';

/** The job report's fields (the device route's body), by the name a user knows them by. */
const FIELD_KEYS: Record<string, string> = {
  body: 'body',
  workflow: 'workflow',
  jobType: 'job_type',
  jobStatus: 'job_status',
  synthetic: 'synthetic',
  beginDate: 'begin_date',
  user: 'user',
  data: 'data',
  result: 'result',
};

/**
 * Why the server refused a job a device sent, one line per field: the field as a user knows it and the
 * rule it broke, in the user's language; never the field path or the validator's wording.
 */
export function RefusalReason({ reason, ...props }: { reason: readonly FieldIssue[] } & TextProps) {
  const { t } = useTranslation();
  const fieldName = (path: string) => {
    const [, top] = path.split('.');
    const key = FIELD_KEYS[top ?? 'body'];
    return key ? t(`corrupted_jobs.fields.${key}`) : t('corrupted_jobs.fields.other', { field: top });
  };
  return reason.map((issue) => (
    <Text key={issue.field} size="sm" {...props}>
      {fieldName(issue.field)}: {issueText(issue)}
    </Text>
  ));
}
