import {
  STORE_IMPORT_COLUMNS,
  STORE_IMPORT_MAX_ROWS,
  type StoreImportColumn,
  type StoreImportRow,
} from '@fleet/contract';

type StoreImportDraftBody = { draft: string; changes: StoreImportRow[] };
import { useTranslation } from 'react-i18next';
import { TableImportPanel, type TableImportCalls } from '../../components/table-import/table-import-panel';
import { useCanUse } from '../../hooks/use-can-use';
import { STORES_KEY, checkStoreImport, importStores, previewStoreImport } from './api';

const CALLS: TableImportCalls<StoreImportColumn> = {
  preview: previewStoreImport,
  check: (body) => checkStoreImport(body as StoreImportDraftBody),
  commit: (body) => importStores(body as StoreImportDraftBody),
};

/**
 * Route Store_Import (docs/company-tools.md): a stores file read and checked on the server, its rows
 * shown with their problems and fixed in place, then imported all or none.
 */
export function StoreImportPage() {
  const { t } = useTranslation();
  const canWrite = useCanUse('STORES.EDIT');
  return (
    <TableImportPanel
      columns={STORE_IMPORT_COLUMNS}
      templateName="stores.csv"
      calls={CALLS}
      prefix="stores.import"
      intro={t('stores.import.intro', { max: STORE_IMPORT_MAX_ROWS })}
      confirmMessage={(counts) => t('stores.import.confirm_message', counts)}
      doneMessage={(done) => t('stores.import.done', done)}
      canWrite={canWrite}
      changes={[STORES_KEY]}
    />
  );
}
