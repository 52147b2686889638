/** What PostgreSQL (and PGlite) say about a failed statement. */
export interface DatabaseError {
  /** SQLSTATE, such as 23505 for a unique violation. */
  code: string;
  message: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

function asDatabaseError(value: unknown): DatabaseError | null {
  if (typeof value !== 'object' || value === null) return null;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? (value as DatabaseError) : null;
}

/** The database's own error inside whatever wraps it (Drizzle wraps query errors in `cause`). */
export function databaseErrorOf(error: unknown): DatabaseError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const found = asDatabaseError(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Class 22 (data exception) and 23 (integrity constraint): the data is at fault, retrying will not help. */
export function isDataError(error: DatabaseError | null): boolean {
  return !!error && (error.code.startsWith('22') || error.code.startsWith('23'));
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
