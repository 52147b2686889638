import { DEFAULT_JOB_LAYOUT, DEFAULT_TEMPLATE_NAME, type JobLayout } from '@fleet/contract';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { jobTemplatesQueryOptions } from '../api/job-detail';

export interface LayoutChoice {
  /** null: not saved on the server (the built-in default). */
  id: string | null;
  name: string;
  layout: JobLayout;
}

const BUILT_IN: LayoutChoice = { id: null, name: DEFAULT_TEMPLATE_NAME, layout: DEFAULT_JOB_LAYOUT };
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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
  const choices = useMemo(() => {
    const saved: LayoutChoice[] = (templates.data ?? []).map((template) => ({
      id: template.id,
      name: template.name,
      layout: { version: template.version, data: template.data },
    }));
    return saved.some((choice) => same(choice.name, DEFAULT_TEMPLATE_NAME)) ? saved : [BUILT_IN, ...saved];
  }, [templates.data]);
  const current =
    choices.find((choice) => same(choice.name, selected)) ??
    choices.find((choice) => same(choice.name, DEFAULT_TEMPLATE_NAME)) ??
    BUILT_IN;
  return {
    choices,
    current,
    select,
    /** The server's layouts could not be read: the built-in default is in use. */
    failed: templates.isError,
    loading: templates.isPending,
  };
}
