import type { FastifyRequest } from 'fastify';
import {
  VINDB_IMPORT_CELL_MAX_LENGTH,
  VINDB_IMPORT_MAX_BYTES,
  VINDB_IMPORT_MAX_ROWS,
  batteryImportColumnOf,
  vehicleImportColumnOf,
} from '@fleet/contract';
import { readTableFile, receiveTableFile } from '../../lib/table-file.ts';

const LIMITS = { maxRows: VINDB_IMPORT_MAX_ROWS, cellMax: VINDB_IMPORT_CELL_MAX_LENGTH };

/** The file part of a multipart upload, whole (at most VINDB_IMPORT_MAX_BYTES). */
export async function receiveVinDbFile(request: FastifyRequest): Promise<Buffer> {
  return (await receiveTableFile(request, VINDB_IMPORT_MAX_BYTES)).file;
}

/** A vehicles file: `vin`, `make`, `model` and `year` columns required, at most 5,000 vehicles. */
export const readVehicleFile = (file: Buffer) =>
  readTableFile(file, {
    ...LIMITS,
    columnOf: vehicleImportColumnOf,
    required: ['vin', 'make', 'model', 'year'],
    what: 'vehicles',
    file: 'a vehicles file',
  });

/** A batteries file: `reference`, `maker`, `chemistry` and `voltage` columns required. */
export const readBatteryFile = (file: Buffer) =>
  readTableFile(file, {
    ...LIMITS,
    columnOf: batteryImportColumnOf,
    required: ['reference', 'maker', 'chemistry', 'voltage'],
    what: 'batteries',
    file: 'a batteries file',
  });
