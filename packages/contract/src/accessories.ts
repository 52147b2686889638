import { z } from 'zod';
import type { RoleCode } from './roles.ts';

/** Response headers of cursor-paged lists (jobs §3: first, has next, has previous, last, next, previous). */
export const PAGING_HEADERS = {
  firstPage: 'x-paging-first-page',
  hasNext: 'x-paging-has-next',
  hasPrevious: 'x-paging-has-previous',
  lastPage: 'x-paging-last-page',
  nextPage: 'x-paging-next-page',
  previousPage: 'x-paging-previous-page',
} as const;

export interface CursorPaging {
  firstPage: string | null;
  hasNext: boolean;
  hasPrevious: boolean;
  lastPage: string | null;
  nextPage: string | null;
  previousPage: string | null;
}

/**
 * The same headers under the spec's names (jobs §3: argosFirstPage, argosHasNext…), which clients written
 * against the spec read. Every cursor-paged answer carries both; header names are case-insensitive.
 */
export const SPEC_PAGING_HEADERS = {
  firstPage: 'argosFirstPage',
  hasNext: 'argosHasNext',
  hasPrevious: 'argosHasPrevious',
  lastPage: 'argosLastPage',
  nextPage: 'argosNextPage',
  previousPage: 'argosPreviousPage',
} as const satisfies Record<keyof CursorPaging, string>;

/**
 * Reads the paging headers, under the spec's names or the x-paging ones; has-next and has-previous are
 * the strings True or False.
 */
export function readCursorPaging(get: (name: string) => string | null | undefined): CursorPaging {
  const read = (field: keyof CursorPaging) =>
    get(SPEC_PAGING_HEADERS[field].toLowerCase()) ?? get(PAGING_HEADERS[field]) ?? null;
  const text = (field: keyof CursorPaging) => read(field) || null;
  return {
    firstPage: text('firstPage'),
    hasNext: read('hasNext') === 'True',
    hasPrevious: read('hasPrevious') === 'True',
    lastPage: text('lastPage'),
    nextPage: text('nextPage'),
    previousPage: text('previousPage'),
  };
}

export const ACCESSORY_SORT_COLUMNS = ['SerialNumber', 'RegistrationDate', 'Id'] as const;

export const accessorySchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  partNumber: z.string(),
  description: z.string().nullable(),
  seriesSerialNumber: z.string().nullable(),
  registrationDate: z.string(),
});
export type Accessory = z.infer<typeof accessorySchema>;

export const accessoryListAnswerSchema = z.object({ data: z.array(accessorySchema) });

export const accessoryDataSchema = z.record(z.string(), z.unknown());

export const seriesUserSchema = z.object({
  username: z.string(),
  userUID: z.string(),
  email: z.string().nullable().optional(),
});
export type SeriesUser = z.infer<typeof seriesUserSchema>;

/** Roles that see the email column of device users (spec §6). */
export const SERIES_USER_EMAIL_ROLES: readonly RoleCode[] = [
  'old-administrator',
  'old-super-user',
  'support-manager',
  'support-user',
  'devops-manager',
  'devops-user',
  'administrator',
];
