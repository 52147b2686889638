import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAGING_HEADERS, SPEC_PAGING_HEADERS, type CursorPaging } from '@fleet/contract';
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { badRequest } from './errors.ts';
import { MAX_INTEGER } from './list-request.ts';

/**
 * Keyset (cursor) paging, the one way every cursor-paged list pages: a page starts after or before a
 * row, known by its sort key and id, so a page costs the same wherever it is and rows inserted meanwhile
 * neither repeat nor go missing.
 */
export type Cursor =
  | { at: 'first' }
  | { at: 'last' }
  | { at: 'after' | 'before'; key: string | number | null; id: number | string };

export function encodeCursor(cursor: Cursor): string {
  if (cursor.at === 'first' || cursor.at === 'last') return cursor.at;
  return Buffer.from(JSON.stringify([cursor.at, cursor.key, cursor.id])).toString('base64url');
}

export const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= Number.MAX_SAFE_INTEGER;

export const isRowId = (value: unknown): value is number => isId(value) && (value as number) <= MAX_INTEGER;

/** An instant as a cursor keeps it. */
export const isInstant = (key: unknown): key is string =>
  typeof key === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(key) &&
  !Number.isNaN(Date.parse(key));

/**
 * Opaque to clients; a cursor they made up, or one of another sort (`keyFits` says whether its key is
 * a value the sort column holds), is a 400 naming the parameter.
 */
export function decodeCursor(
  value: string | undefined,
  keyFits: (key: unknown) => boolean,
  idFits: (id: unknown) => boolean = isRowId,
): Cursor {
  if (!value || value === 'first') return { at: 'first' };
  if (value === 'last') return { at: 'last' };
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(decoded) && decoded.length === 3) {
      const [at, key, id] = decoded as unknown[];
      if ((at === 'after' || at === 'before') && idFits(id) && keyFits(key))
        return { at, key: key as string | number, id: id as number | string };
    }
  } catch {
    // falls through to the 400
  }
  throw badRequest('Invalid cursor: not a cursor this list gave', [
    {
      field: 'query.cursor',
      message: 'is not a cursor this list gave for this sort',
      rule: { kind: 'format' },
    },
  ]);
}

/** The order a page is read in: a page before a row, or the last page, is read backwards. */
export function readsBackwards(cursor: Cursor): boolean {
  return cursor.at === 'before' || cursor.at === 'last';
}

/**
 * Where a page starts and how it is ordered, on (sort column, id). `key` is the cursor's sort key as
 * SQL (cast to the column's type).
 */
export function keysetOrder(
  cursor: Cursor,
  sortOrder: 'ASC' | 'DESC',
  column: AnyPgColumn | SQL,
  idColumn: AnyPgColumn,
  key: (value: string | number | null) => SQL,
): { where: SQL | undefined; orderBy: SQL[] } {
  const descending = (sortOrder === 'DESC') !== readsBackwards(cursor);
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const orderBy = [sql`${column} ${direction}`, sql`${idColumn} ${direction}`];
  if (cursor.at !== 'after' && cursor.at !== 'before') return { where: undefined, orderBy };
  const comparison = sql.raw(descending ? '<' : '>');
  return { where: sql`(${column}, ${idColumn}) ${comparison} (${key(cursor.key)}, ${cursor.id})`, orderBy };
}

/**
 * The page of rows read (one more than a page, to know whether another follows) and its links.
 * `keyOf` gives a row's sort key and id.
 */
export function keysetPage<Row>(
  cursor: Cursor,
  rows: readonly Row[],
  pageSize: number,
  keyOf: (row: Row) => { key: string | number | null; id: number | string },
): { rows: Row[]; paging: CursorPaging } {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (readsBackwards(cursor)) page.reverse();
  const hasNext = cursor.at === 'before' || ((cursor.at === 'first' || cursor.at === 'after') && more);
  const hasPrevious = cursor.at === 'after' || ((cursor.at === 'before' || cursor.at === 'last') && more);
  const first = page[0];
  const last = page[page.length - 1];
  return {
    rows: page,
    paging: {
      firstPage: encodeCursor({ at: 'first' }),
      lastPage: encodeCursor({ at: 'last' }),
      hasNext,
      hasPrevious,
      nextPage: hasNext && last ? encodeCursor({ at: 'after', ...keyOf(last) }) : null,
      previousPage: hasPrevious && first ? encodeCursor({ at: 'before', ...keyOf(first) }) : null,
    },
  };
}

/** The paging links of a cursor-paged answer, in its response headers (spec §3, Pagination). */
export function sendPagingHeaders(reply: FastifyReply, paging: CursorPaging): void {
  const values: Record<keyof CursorPaging, string> = {
    firstPage: paging.firstPage ?? '',
    lastPage: paging.lastPage ?? '',
    hasNext: paging.hasNext ? 'True' : 'False',
    hasPrevious: paging.hasPrevious ? 'True' : 'False',
    nextPage: paging.nextPage ?? '',
    previousPage: paging.previousPage ?? '',
  };
  const fields = Object.keys(values) as (keyof CursorPaging)[];
  // Under both names: the x-paging ones, and the spec's (argosFirstPage…) that its clients read.
  reply.headers({
    ...Object.fromEntries(fields.map((field) => [PAGING_HEADERS[field], values[field]])),
    ...Object.fromEntries(fields.map((field) => [SPEC_PAGING_HEADERS[field], values[field]])),
    'access-control-expose-headers': [
      ...Object.values(PAGING_HEADERS),
      ...Object.values(SPEC_PAGING_HEADERS),
    ].join(', '),
  });
}

const cursorPagedAnswers = new WeakSet<ZodType>();

/** The answer of a cursor-paged list: its OpenAPI document declares the headers `sendPagingHeaders` sets. */
export function cursorPagedAnswer<T extends ZodType>(schema: T): T {
  const answer = schema.clone();
  cursorPagedAnswers.add(answer);
  return answer;
}

export const isCursorPagedAnswer = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && cursorPagedAnswers.has(schema as ZodType);

const pageCursor = (description: string) => ({
  required: true,
  description,
  schema: { type: 'string' },
});
const pageFlag = (description: string) => ({
  required: true,
  description,
  schema: { type: 'string', enum: ['True', 'False'] },
});

const PAGING_DESCRIPTIONS: Record<keyof CursorPaging, ReturnType<typeof pageCursor>> = {
  firstPage: pageCursor('The cursor of the first page (pass it as the cursor parameter)'),
  lastPage: pageCursor('The cursor of the last page'),
  hasNext: pageFlag('Whether a page follows this one'),
  hasPrevious: pageFlag('Whether a page comes before this one'),
  nextPage: pageCursor('The cursor of the next page; empty when there is none'),
  previousPage: pageCursor('The cursor of the previous page; empty when there is none'),
};

/** The paging headers of a cursor-paged answer, under both names, as the OpenAPI document declares them. */
export const PAGING_HEADER_DOCS = Object.fromEntries(
  (Object.keys(PAGING_DESCRIPTIONS) as (keyof CursorPaging)[]).flatMap((field) => [
    [PAGING_HEADERS[field], PAGING_DESCRIPTIONS[field]],
    [
      SPEC_PAGING_HEADERS[field],
      {
        ...PAGING_DESCRIPTIONS[field],
        description: `${PAGING_DESCRIPTIONS[field].description} (the spec's name)`,
      },
    ],
  ]),
);
