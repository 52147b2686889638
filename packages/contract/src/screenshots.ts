import { z } from 'zod';
import type { RoleCode } from './roles.ts';

export const screenshotSchema = z.object({
  name: z.string(),
  /** An expiring link to the image. */
  mediaLink: z.string(),
  /** As the device writes it: date, then the time with dashes (`2026-11-22 10-15-30`). */
  date: z.string(),
  toolVersion: z.string().nullable(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;
export const screenshotListAnswerSchema = z.object({
  data: z.array(screenshotSchema),
  totalCount: z.number().int(),
});
export const SCREENSHOT_SORT_COLUMNS = ['Date', 'Name'] as const;

/** Spec §9: image dates have dashes in the time part replaced by colons. */
export function displayImageDate(date: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})([ T_])(\d{2})-(\d{2})-(\d{2})(.*)$/.exec(date);
  return match
    ? `${match[1]}${match[2] === '_' ? ' ' : match[2]}${match[3]}:${match[4]}:${match[5]}${match[6]}`
    : date;
}

export const DELETE_SCREENSHOT_ROLES: readonly RoleCode[] = [
  'old-administrator',
  'old-super-user',
  'administrator',
  'support-manager',
  'support-user',
];

export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
