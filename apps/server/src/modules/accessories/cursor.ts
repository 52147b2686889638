import { badRequest } from '../../lib/errors.ts';
import { MAX_INTEGER } from '../../lib/list-request.ts';
import type { AccessorySortColumn } from './repository.ts';

/** Where a cursor-paged request starts: the first or last page, or after or before a row. */
export type Cursor =
  { at: 'first' } | { at: 'last' } | { at: 'after' | 'before'; key: string | number | null; id: number };

export function encodeCursor(cursor: Cursor): string {
  if (cursor.at === 'first' || cursor.at === 'last') return cursor.at;
  return Buffer.from(JSON.stringify([cursor.at, cursor.key, cursor.id])).toString('base64url');
}

const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INTEGER;

/** Whether a cursor's sort key is a value the sort column can hold. */
function keyFits(key: unknown, column: AccessorySortColumn): boolean {
  if (column === 'Id') return isId(key);
  if (typeof key !== 'string') return false;
  if (column === 'SerialNumber') return key.length <= 32 && !key.includes('\u0000');
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(key) && !Number.isNaN(Date.parse(key));
}

/** Opaque to clients; a cursor they made up, or one of another sort, is a 400 naming the parameter. */
export function decodeCursor(value: string | undefined, column: AccessorySortColumn): Cursor {
  if (!value || value === 'first') return { at: 'first' };
  if (value === 'last') return { at: 'last' };
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(decoded) && decoded.length === 3) {
      const [at, key, id] = decoded as unknown[];
      if ((at === 'after' || at === 'before') && isId(id) && keyFits(key, column))
        return { at, key: key as string | number, id };
    }
  } catch {
    // falls through to the 400
  }
  throw badRequest('Invalid cursor: not a cursor this list gave', [
    { field: 'query.cursor', message: 'is not a cursor this list gave for this sort' },
  ]);
}
