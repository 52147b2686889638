import type { FastifyRequest } from 'fastify';
import {
  STORE_IMPORT_CELL_MAX_LENGTH,
  STORE_IMPORT_MAX_BYTES,
  STORE_IMPORT_MAX_ROWS,
  storeImportColumnOf,
  type StoreImportColumn,
  type StoreImportRow,
} from '@fleet/contract';
import { readTableFile, receiveTableFile } from '../../lib/table-file.ts';

/** The file part of a multipart upload, whole (at most STORE_IMPORT_MAX_BYTES). */
export async function receiveStoreFile(request: FastifyRequest): Promise<Buffer> {
  return (await receiveTableFile(request, STORE_IMPORT_MAX_BYTES)).file;
}

/** Reads a stores file into rows: `officialStoreCode` and `name` columns required, at most 5,000 stores. */
export function readStoreFile(
  file: Buffer,
): Promise<{ columns: StoreImportColumn[]; rows: StoreImportRow[] }> {
  return readTableFile(file, {
    columnOf: storeImportColumnOf,
    required: ['officialStoreCode', 'name'],
    maxRows: STORE_IMPORT_MAX_ROWS,
    what: 'stores',
    file: 'a stores file',
    cellMax: STORE_IMPORT_CELL_MAX_LENGTH,
  });
}
