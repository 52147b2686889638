import { DEFAULT_PRINT_SETTINGS, type JobListKind } from '@fleet/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showTaskQueued } from '../../../components/tasks/task-queued-toast';
import { showWarning } from '../../../components/show-warning';
import { useMayStartTask } from '../../../hooks/use-can-use';
import { useUserConfiguration } from '../../../hooks/use-user-configuration';
import { openExportDialog } from './export-dialog';

/**
 * The list's query as export filters: each parameter once, a repeated one as a list. Its paging goes
 * along and the server leaves it out: an export covers every page.
 */
export function exportFiltersOf(query: URLSearchParams): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    filters[name] = values.length === 1 ? values[0]! : values;
  }
  return filters;
}

interface ExportButtonProps {
  kind: JobListKind;
  /** The list's first-page query: its filters and sort. */
  query: URLSearchParams;
  /** Whether any filter is in use: an export of every job is not offered (jobs §4). */
  filtered: boolean;
  /** The button's words, when it exports something else than the list ("Export the selection"). */
  label?: string;
  disabled?: boolean;
}

/** Export (jobs §2, §6): for the roles that may export; the dialog only once the list is filtered. */
export function ExportButton({ kind, query, filtered, label, disabled = false }: ExportButtonProps) {
  const { t } = useTranslation();
  const allowed = useMayStartTask('jobs-export');
  const { data: configuration } = useUserConfiguration();
  if (!allowed) return null;
  const open = async () => {
    if (!filtered) {
      showWarning(t('jobs.export.no_filter'));
      return;
    }
    const requestId = await openExportDialog(t('jobs.export.title'), {
      kind,
      filters: exportFiltersOf(query),
      printSettings: configuration?.print_settings ?? DEFAULT_PRINT_SETTINGS,
    });
    if (!requestId) return;
    // The request reloads the user's tasks (its `meta.changes`) before the dialog closes.
    showTaskQueued(t('jobs.export.requested'));
  };
  return (
    <Button size="compact-sm" variant="light" disabled={disabled} onClick={() => void open()}>
      {label ?? t('jobs.export.button')}
    </Button>
  );
}
