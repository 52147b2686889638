import { jobListLabelKey, jobListName, type JobListName } from '@fleet/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The translation key of a named list's value: `jobs.lists.association_status.failed`. */
export function listLabelKey(list: JobListName, name: string): string {
  return `jobs.${jobListLabelKey(list, name)}`;
}

/** A named list's value in the user's words, by its index (what travels) or its name. */
export function useListLabel(): (list: JobListName, value: number | string | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (list, value) => t(listLabelKey(list, typeof value === 'string' ? value : jobListName(list, value))),
    [t],
  );
}
