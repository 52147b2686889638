import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openListExport } from '../../../components/list-export-panel';
import type { BulkSelection } from '../../../hooks/use-bulk-selection';
import { useMayStartTask } from '../../../hooks/use-can-use';
import { requestSeriesExport } from '../api/series-list';

/** Whoever has a task list to collect the file from may export a selection of devices. */
export function useMayExportSelection(): boolean {
  return useMayStartTask('series-export');
}

/** The selected devices to CSV or XLSX, through a task (docs/series.md "Selections"). */
export function ExportSelection({ selection }: { selection: BulkSelection }) {
  const { t } = useTranslation();
  const count = selection.selected.length;
  const open = () =>
    openListExport(t('series.devices.export.title'), {
      task: 'series-export',
      defaultDescription: t('series.devices.export.default_description', { count }),
      filters: { SerialNumbers: [...selection.selected] },
      request: requestSeriesExport,
      blocked: null,
    });
  return (
    <Button size="compact-sm" variant="light" disabled={count === 0} onClick={() => void open()}>
      {count === 0 ? t('series.devices.export.none') : t('series.devices.export.button', { count })}
    </Button>
  );
}
