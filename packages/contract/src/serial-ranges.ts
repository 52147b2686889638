import { z } from 'zod';
import { partNumberSchema } from './serial-numbers.ts';

/** A 'from' part is five digits (spec §3): 00000 to 99999. */
export const FROM_PART_MAX = 99_999;

const fromPart = z
  .number()
  .int()
  .min(0, 'must be from 0')
  .max(FROM_PART_MAX, `must be at most ${FROM_PART_MAX}`);

/** A range of 'from' numbers of a part number that the factory allocates from (docs/company-tools.md). */
export const serialRangeBodySchema = z
  .object({
    partNumber: partNumberSchema,
    from: fromPart,
    to: fromPart,
    note: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  })
  .refine((range) => range.to >= range.from, { path: ['to'], message: 'must not be below from' });
export type SerialRangeBody = z.infer<typeof serialRangeBodySchema>;

export const serialRangeSchema = z.object({
  id: z.number().int(),
  partNumber: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Numbers of the range that name a device, of which activated; the rest are unused. */
  allocated: z.number().int(),
  activated: z.number().int(),
  unused: z.number().int(),
  /** The next 'from' number the factory would take; null when the range is used up. */
  next: z.number().int().nullable(),
});
export type SerialRange = z.infer<typeof serialRangeSchema>;
export const serialRangeListAnswerSchema = z.object({ ranges: z.array(serialRangeSchema) });

/** Two ranges of a part number overlap when each starts before the other ends. */
export function rangesOverlap(a: { from: number; to: number }, b: { from: number; to: number }): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** A serial number of a part number and a 'from' number. */
export function serialNumberOf(partNumber: string, from: number): string {
  return `${partNumber}${String(from).padStart(5, '0')}`;
}
