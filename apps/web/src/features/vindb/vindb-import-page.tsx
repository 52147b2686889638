import {
  BATTERY_IMPORT_COLUMNS,
  VEHICLE_IMPORT_COLUMNS,
  VINDB_IMPORT_MAX_ROWS,
  type BatteryImportColumn,
  type BatteryImportRow,
  type VehicleImportColumn,
  type VehicleImportRow,
} from '@fleet/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableImportPanel, type TableImportCalls } from '../../components/table-import/table-import-panel';
import { useCanUse } from '../../hooks/use-can-use';
import { VINDB_FILES, VINDB_KEY } from './api';
import { KindControl, useVinDbKind } from './vindb-kind';

const VEHICLE_CALLS: TableImportCalls<VehicleImportColumn> = {
  preview: VINDB_FILES.vehicles.preview,
  check: (body) => VINDB_FILES.vehicles.check(body as { draft: string; changes: VehicleImportRow[] }),
  commit: (body) => VINDB_FILES.vehicles.commit(body as { draft: string; changes: VehicleImportRow[] }),
};
const BATTERY_CALLS: TableImportCalls<BatteryImportColumn> = {
  preview: VINDB_FILES.batteries.preview,
  check: (body) => VINDB_FILES.batteries.check(body as { draft: string; changes: BatteryImportRow[] }),
  commit: (body) => VINDB_FILES.batteries.commit(body as { draft: string; changes: BatteryImportRow[] }),
};

/**
 * The VIN database's import (VINDB.IMPORT, docs/insights.md): a file of vehicles or of batteries read and
 * checked on the server (a VIN's check digit, a battery that must be recorded…), its rows shown with their
 * problems and fixed in place, then imported all or none.
 */
export function VinDbImportPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useVinDbKind();
  const canWrite = useCanUse(kind === 'vehicles' ? 'VINDB.CAR.CREATE' : 'VINDB.BATTERY.CREATE');
  const common = {
    prefix: 'vindb.import',
    canWrite,
    confirmMessage: (counts: { create: number; update: number }) =>
      t(`vindb.import.${kind}.confirm_message`, counts),
    doneMessage: (done: { created: number; updated: number }) => t(`vindb.import.${kind}.done`, done),
    intro: t(`vindb.import.${kind}.intro`, { max: VINDB_IMPORT_MAX_ROWS }),
    changes: [VINDB_KEY],
  };
  return (
    <Stack gap="md">
      <KindControl kind={kind} onChange={setKind} />
      {kind === 'vehicles' ? (
        <TableImportPanel
          key="vehicles"
          columns={VEHICLE_IMPORT_COLUMNS}
          templateName="vehicles.csv"
          calls={VEHICLE_CALLS}
          {...common}
        />
      ) : (
        <TableImportPanel
          key="batteries"
          columns={BATTERY_IMPORT_COLUMNS}
          templateName="batteries.csv"
          calls={BATTERY_CALLS}
          {...common}
        />
      )}
    </Stack>
  );
}
