import type { SearchTokenDefinition } from './search-tokens.ts';

/**
 * The accessories list's search tokens (spec §7, GET /Accessories): accessory serial numbers (repeatable)
 * and the serial number of the device they belong to (one). Both are exact serial numbers, typed as text;
 * the console's filter bar and the server's parameters both follow them.
 */
export const ACCESSORY_TOKENS: readonly SearchTokenDefinition[] = [
  {
    type: 'AccessoriesSerialNumbers',
    label: 'series.accessories.filters.serial_number',
    kind: 'text',
    order: 0,
  },
  {
    type: 'SeriesSerialNumber',
    label: 'series.accessories.filters.device_serial_number',
    kind: 'text',
    unique: true,
    order: 1,
  },
];
