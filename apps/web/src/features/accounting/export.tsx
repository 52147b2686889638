import { openListExport } from '../../components/list-export-panel';
import { exportFilters } from '../../lib/list-request';
import { i18n } from '../../lib/i18n';
import { requestAccountingExport } from './api';

/** The export of an accounting list through a task, with the filters its query sends. */
export function openAccountingExport(options: {
  path: string;
  name: string;
  filters: Record<string, readonly string[]>;
  empty: boolean;
}): Promise<void> {
  return openListExport(i18n.t('accounting.export.title', { name: options.name }), {
    defaultDescription: i18n.t('accounting.export.default_description', {
      name: options.name,
      date: new Date().toISOString().slice(0, 10),
    }),
    filters: exportFilters(options.filters),
    request: requestAccountingExport(options.path),
    blocked: options.empty ? i18n.t('accounting.export.nothing') : null,
  });
}
