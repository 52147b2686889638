import { UNIQUE_VIOLATION, databaseErrorOf } from './database-errors.ts';
import { conflict } from './errors.ts';

/** A write that takes a code: a code another record holds is a 409 naming it. */
export async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION) throw conflict(`The code ${code} is taken`);
    throw error;
  }
}
