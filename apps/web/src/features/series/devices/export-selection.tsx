import {
  SERIES_EXTRA_DATA,
  mayExportExtraData,
  seriesPartsVisibility,
  type SeriesExtraData,
} from '@fleet/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openListExport, type ExportExtras } from '../../../components/list-export-panel';
import type { BulkSelection } from '../../../hooks/use-bulk-selection';
import { useFeatureCheck, useMayStartTask } from '../../../hooks/use-can-use';
import { requestSeriesExport } from '../api/series-list';

/** Whoever has a task list to collect the file from may export a selection of devices. */
export function useMayExportSelection(): boolean {
  return useMayStartTask('series-export');
}

const EXTRA_LABELS: Record<SeriesExtraData, string> = {
  serieUsers: 'series.devices.export.extra.users',
  components: 'series.devices.export.extra.components',
  accessories: 'series.devices.export.extra.accessories',
};

/** The extra data the file may add to each device: its parts this user sees (extraDataExports). */
function useExtraData(): ExportExtras {
  const { t } = useTranslation();
  const visible = seriesPartsVisibility(useFeatureCheck());
  return {
    key: 'extraDataExports',
    label: t('series.devices.export.extra_data'),
    options: SERIES_EXTRA_DATA.filter((extra) => mayExportExtraData(visible, extra)).map((extra) => ({
      value: extra,
      label: t(EXTRA_LABELS[extra]),
    })),
  };
}

/** The selected devices to CSV or XLSX, through a task (docs/series.md "Selections"). */
export function ExportSelection({ selection }: { selection: BulkSelection }) {
  const { t } = useTranslation();
  const extras = useExtraData();
  const count = selection.selected.length;
  const open = () =>
    openListExport(t('series.devices.export.title'), {
      task: 'series-export',
      defaultDescription: t('series.devices.export.default_description', { count }),
      filters: { SerialNumbers: [...selection.selected] },
      request: requestSeriesExport,
      blocked: null,
      extras,
    });
  return (
    <Button size="compact-sm" variant="light" disabled={count === 0} onClick={() => void open()}>
      {count === 0 ? t('series.devices.export.none') : t('series.devices.export.button', { count })}
    </Button>
  );
}
