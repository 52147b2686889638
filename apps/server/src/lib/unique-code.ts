import { conflict } from './errors.ts';

/** A unique constraint refused the write (PostgreSQL 23505, as the driver or Drizzle's wrapper gives it). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** A write that takes a code: a code another record holds is a 409 naming it. */
export async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The code ${code} is taken`);
    throw error;
  }
}
