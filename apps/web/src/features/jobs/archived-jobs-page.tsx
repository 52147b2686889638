import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JobsList } from './list/jobs-list';

/** Route Jobs_Archived: jobs past the retention period, under a warning that cannot be dismissed. */
export function ArchivedJobsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="orange" title={t('jobs.archived.banner_title')}>
        {t('jobs.archived.banner_text')}
      </Alert>
      <JobsList kind="ARCHIVED" rememberAs="jobs.archived" />
    </Stack>
  );
}
