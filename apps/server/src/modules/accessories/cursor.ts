import { badRequest } from '../../lib/errors.ts';

/** Where a cursor-paged request starts: the first or last page, or after or before a row. */
export type Cursor =
  { at: 'first' } | { at: 'last' } | { at: 'after' | 'before'; key: string | number | null; id: number };

export function encodeCursor(cursor: Cursor): string {
  if (cursor.at === 'first' || cursor.at === 'last') return cursor.at;
  return Buffer.from(JSON.stringify([cursor.at, cursor.key, cursor.id])).toString('base64url');
}

/** Opaque to clients; a cursor they made up is a 400 naming the parameter. */
export function decodeCursor(value: string | undefined): Cursor {
  if (!value || value === 'first') return { at: 'first' };
  if (value === 'last') return { at: 'last' };
  try {
    const [at, key, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (
      (at === 'after' || at === 'before') &&
      (typeof key === 'string' || typeof key === 'number' || key === null) &&
      Number.isInteger(id)
    ) {
      return { at, key, id: id as number };
    }
  } catch {
    // falls through to the 400
  }
  throw badRequest('Invalid cursor: not a cursor this list gave', [
    { field: 'query.cursor', message: 'is not a cursor this list gave' },
  ]);
}
