import type { TaskKind } from '@fleet/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openListExport } from '../../components/list-export-panel';
import { useMayStartTask } from '../../hooks/use-can-use';
import { exportFilters } from '../../lib/list-request';
import { requestAccountingExport } from './api';

interface AccountingExportProps {
  /** The task the export runs as. */
  task: TaskKind;
  /** The list's path (its export is `<path>/Export`). */
  path: string;
  /** The list's name, in the dialog's title and the file's description. */
  name: string;
  /** The filters its query sends. */
  filters: Record<string, readonly string[]>;
  /** No row matches the filters. */
  empty: boolean;
}

/**
 * The Export button of an accounting list: the list's rows with its filters to CSV or XLSX through a task,
 * for users with a task list to collect the file from.
 */
export function AccountingExportButton({ task, path, name, filters, empty }: AccountingExportProps) {
  const { t } = useTranslation();
  if (!useMayStartTask(task)) return null;
  const open = () =>
    openListExport(t('accounting.export.title', { name }), {
      task,
      defaultDescription: t('accounting.export.default_description', {
        name,
        date: new Date().toISOString().slice(0, 10),
      }),
      filters: exportFilters(filters),
      request: requestAccountingExport(path),
      blocked: empty ? t('accounting.export.nothing') : null,
    });
  return (
    <Button size="compact-sm" variant="light" onClick={() => void open()}>
      {t('accounting.export.button')}
    </Button>
  );
}
