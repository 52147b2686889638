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

/** Seconds a client waits before asking again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Network errors of a connection to the database: the server is down, restarting or out of reach. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up), too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** What node-postgres says when a connection ends or cannot be had (it sets no code). */
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Connection closed/i;

/**
 * The database could not be reached (refused, reset, timed out, shutting down, starting up, no connection
 * free): the request is not at fault and may be sent again later. Looks through `cause` (Drizzle) and the
 * errors of an AggregateError (a connection tried on several addresses).
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}
