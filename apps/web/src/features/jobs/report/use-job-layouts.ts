import { DEFAULT_TEMPLATE_NAME, chosenLayout, layoutChoices } from '@fleet/contract';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { jobTemplatesQueryOptions } from '../api/job-detail';

/**
 * The report layouts a user reads jobs through (jobs spec §4): the server's, with the built-in default
 * added when the server has none (or could not be asked), and the one this browser chose.
 */
export function useJobLayouts() {
  const templates = useQuery(jobTemplatesQueryOptions());
  const [selected, select] = useLocalStorage<string>({
    key: 'fleet.job-layout',
    defaultValue: DEFAULT_TEMPLATE_NAME,
  });
  const choices = useMemo(() => layoutChoices(templates.data ?? []), [templates.data]);
  return {
    choices,
    current: chosenLayout(choices, selected),
    select,
    /** The server's layouts could not be read: the built-in default is in use. */
    failed: templates.isError,
  };
}
