import { z } from 'zod';
import { ACCESSORY_SORT_COLUMNS } from './accessories.ts';
import { certificateValiditySchema } from './certificates.ts';
import { CURSOR_PAGE_SIZE, type ListDefinition } from './list-query.ts';
import { heartbeatStatusSchema } from './series.ts';

/** The accessories list: cursor-paged, 10 a page (spec §9), no filter tokens. */
export const ACCESSORIES_LIST: ListDefinition = {
  sortColumns: ACCESSORY_SORT_COLUMNS,
  filters: [],
  pageSizes: [CURSOR_PAGE_SIZE],
  defaultPageSize: CURSOR_PAGE_SIZE,
};

/** Answers of the bulk status calls, keyed by the serial numbers sent; devices not visible are left out. */
export const heartbeatStatusMapSchema = z.record(z.string(), heartbeatStatusSchema);
export const certificateValidityMapSchema = z.record(z.string(), certificateValiditySchema);
