import { z } from 'zod';
import {
  FILTER_VALUES_MAX,
  FILTER_VALUE_MAX_LENGTH,
  isDateOnly,
  MAX_ID,
  PAGE_SIZES,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  sanitizeSortColumn,
  sanitizeSortOrder,
  stripQuotes,
  type SortOrder,
} from '@fleet/contract';
import { badRequest } from './errors.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An ILIKE pattern matching text that contains `value`, its wildcards taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Largest id and page number the database's integers hold. */
export const MAX_INTEGER = MAX_ID;
// The limits the console checks before it sends a request: one rule, in the contract.
const MAX_VALUE_LENGTH = FILTER_VALUE_MAX_LENGTH;
const MAX_REPEATS = FILTER_VALUES_MAX;

/** A query parameter of a list: its name, what it means and, where fixed, the values it takes. */
export interface QueryParameter {
  name: string;
  description: string;
  /** Fixed values, matched without regard to case. */
  values?: readonly (string | number)[];
  /** May be repeated for several values. */
  repeatable?: boolean;
  integer?: boolean;
}

function parameterSchema(parameter: QueryParameter) {
  const meta = {
    description: parameter.description,
    ...(parameter.values ? { enum: parameter.values.map(String) } : {}),
    ...(parameter.integer ? { pattern: '^[0-9]{1,10}$' } : {}),
  };
  const value = z.string().max(MAX_VALUE_LENGTH).meta(meta);
  if (!parameter.repeatable) return value.optional();
  return z
    .preprocess((v) => (v === undefined ? v : [v].flat()), z.array(value).max(MAX_REPEATS))
    .optional()
    .meta({ description: `${parameter.description} Repeat the key for several values.` });
}

/**
 * The query schema of a list, for validation (lengths and counts) and the OpenAPI document. Values
 * are checked by `ListQuery`, without regard to the case of names and values, as the spec's list
 * rules ask; keys the list does not know are ignored.
 */
export function listQuerySchema(parameters: readonly QueryParameter[]) {
  return z.looseObject(
    Object.fromEntries(parameters.map((parameter) => [parameter.name, parameterSchema(parameter)])),
  );
}

/** Any query string: values as sent, repeated keys as arrays. */
export type RawQuery = Record<string, unknown>;

/**
 * A query read case-insensitively against the names a list knows: values trimmed, quotes
 * stripped, empty values skipped; unknown keys are ignored (spec: list query rules).
 */
export class ListQuery {
  readonly #values = new Map<string, string[]>();
  readonly #problems: { field: string; message: string }[] = [];

  /** `location` names where the parameters came from in a 400 (`query`, or `body.JobFilters`). */
  constructor(
    raw: RawQuery,
    known: readonly (string | QueryParameter)[],
    private readonly location = 'query',
  ) {
    const names = known.map((entry) => (typeof entry === 'string' ? entry : entry.name));
    const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
    for (const [key, value] of Object.entries(raw)) {
      const name = byLower.get(key.toLowerCase());
      if (!name) continue;
      const values = [value]
        .flat()
        .filter((v): v is string => typeof v === 'string')
        .map((v) => stripQuotes(v.trim()))
        .filter((v) => v !== '');
      if (values.length > 0) this.#values.set(name, [...(this.#values.get(name) ?? []), ...values]);
    }
  }

  all(name: string): string[] {
    return [...new Set(this.#values.get(name) ?? [])];
  }

  one(name: string): string | undefined {
    return this.#values.get(name)?.[0];
  }

  has(name: string): boolean {
    return this.#values.has(name);
  }

  /** The known parameters the request gives. */
  names(): string[] {
    return [...this.#values.keys()];
  }

  problem(field: string, message: string): void {
    this.#problems.push({ field: `${this.location}.${field}`, message });
  }

  /** A search text (`Search`, or a list's own), refused above the length every list accepts. */
  searchText(name = 'Search'): string | undefined {
    const text = this.one(name);
    if (text !== undefined && text.length > SEARCH_MAX_LENGTH)
      this.problem(name, `must be at most ${SEARCH_MAX_LENGTH} characters`);
    return text;
  }

  /** Throws one 400 naming every invalid parameter. */
  check(): void {
    if (this.#problems.length === 0) return;
    const names = this.#problems.map((p) => p.field.slice(this.location.length + 1));
    throw badRequest(`Invalid ${names.join(', ')}: ${this.#problems[0]!.message}`, this.#problems);
  }

  /** A whole number from 1 to the largest the database holds, written in digits. */
  positiveInteger(name: string): number | undefined {
    const value = this.one(name);
    if (value === undefined) return undefined;
    const number = /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(number >= 1 && number <= MAX_INTEGER)) {
      this.problem(name, `must be a whole number from 1 to ${MAX_INTEGER}`);
      return undefined;
    }
    return number;
  }

  /** Every value as an id (see positiveInteger). */
  ids(name: string): number[] {
    return this.all(name).flatMap((value) => {
      const number = /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
      if (number >= 1 && number <= MAX_INTEGER) return [number];
      this.problem(name, `must be ids: whole numbers from 1 to ${MAX_INTEGER}`);
      return [];
    });
  }

  boolean(name: string): boolean | undefined {
    const value = this.one(name)?.toLowerCase();
    if (value === undefined) return undefined;
    if (value === 'true' || value === 'false') return value === 'true';
    this.problem(name, 'must be true or false');
    return undefined;
  }

  /** Each value must be one of the choices (case-insensitive); answers the canonical spelling. */
  choices<T extends string>(name: string, allowed: readonly T[]): T[] {
    return this.all(name).flatMap((value) => {
      const match = allowed.find((choice) => choice.toLowerCase() === value.toLowerCase());
      if (!match) this.problem(name, `must be one of ${allowed.join(', ')}`);
      return match ? [match] : [];
    });
  }

  /** Indexes into a named list (spec: index-based lists), each from 0 to its last. */
  listIndexes(name: string, list: readonly string[]): number[] {
    return this.all(name).flatMap((value) => {
      const index = /^\d{1,2}$/.test(value) ? Number(value) : -1;
      if (index >= 0 && index < list.length) return [index];
      this.problem(name, `must be indexes from 0 to ${list.length - 1}`);
      return [];
    });
  }

  /**
   * The start of a day given as a date (yyyy-MM-dd, UTC), or, where `instants` allows it, an exact
   * instant (yyyy-MM-ddTHH:mm:ss.SSSZ): the console sends the start of the user's own day that way.
   */
  dayStart(name: string, { instants = false } = {}): Date | undefined {
    const value = this.one(name);
    if (value === undefined) return undefined;
    if (isDateOnly(value)) return new Date(`${value}T00:00:00.000Z`);
    if (instants && ISO_INSTANT.test(value) && new Date(value).toISOString() === value)
      return new Date(value);
    this.problem(
      name,
      instants
        ? 'must be a date (yyyy-MM-dd) or an instant (yyyy-MM-ddTHH:mm:ss.SSSZ)'
        : 'must be a date (yyyy-MM-dd)',
    );
    return undefined;
  }

  /** An exact instant (yyyy-MM-ddTHH:mm:ss.SSSZ), as the console sends the start of a user's day. */
  instant(name: string): Date | undefined {
    const value = this.one(name);
    if (value === undefined) return undefined;
    if (ISO_INSTANT.test(value) && new Date(value).toISOString() === value) return new Date(value);
    this.problem(name, 'must be an instant (yyyy-MM-ddTHH:mm:ss.SSSZ)');
    return undefined;
  }

  /** The page size of a list: one of the sizes offered, or the list's default when not given. */
  pageSize(fallback: number, sizes: readonly number[] = PAGE_SIZES): number {
    const size = this.positiveInteger('PageSize') ?? fallback;
    if (!sizes.includes(size)) this.problem('PageSize', `must be one of ${sizes.join(', ')}`);
    return size;
  }
}

/** Paging and sorting parameters of a cursor-paged list with these sort columns. */
export function cursorPagingParameters(
  sortColumns: readonly string[],
  defaultPageSize: number,
  defaultOrder: SortOrder = 'ASC',
): QueryParameter[] {
  const other = defaultOrder === 'ASC' ? 'DESC' : 'ASC';
  return [
    { name: 'PageSize', description: `Rows per page (default ${defaultPageSize}).`, values: PAGE_SIZES },
    {
      name: 'SortColumnName',
      description: `Column to sort by; another value falls back to ${sortColumns[0]}.`,
      values: sortColumns,
    },
    {
      name: 'SortOrder',
      description: `${defaultOrder} (default) or ${other}; another value means ASC.`,
      values: SORT_ORDERS,
    },
    {
      name: 'cursor',
      description:
        'Where the page starts: first, last, or a cursor from the x-paging-* headers of a previous answer.',
    },
  ];
}

/** The sort order asked for: the list's default when absent; a value other than ASC or DESC means ASC (spec §5). */
export function sortOrderOf(query: ListQuery, fallback: SortOrder): SortOrder {
  const order = query.one('SortOrder');
  return order === undefined ? fallback : sanitizeSortOrder(order);
}

/** Paging and sorting parameters of an offset-paged list with these sort columns. */
export function offsetPagingParameters(
  sortColumns: readonly string[],
  sizes: readonly number[] = PAGE_SIZES,
): QueryParameter[] {
  return [
    { name: 'PageNumber', description: 'Page to answer, from 1 (default 1).', integer: true },
    { name: 'PageSize', description: 'Rows per page (default 20).', values: sizes },
    {
      name: 'SortColumnName',
      description: `Column to sort by; another value falls back to ${sortColumns[0]}.`,
      values: sortColumns,
    },
    {
      name: 'SortOrder',
      description: 'ASC (default) or DESC; another value means ASC.',
      values: SORT_ORDERS,
    },
  ];
}

/** One page of a list and how many rows match: the page and the count asked side by side. */
export async function offsetPage<Row>(
  rows: { limit(size: number): { offset(skipped: number): PromiseLike<Row[]> } },
  counted: PromiseLike<readonly { n: number }[]>,
  paging: Pick<OffsetPaging, 'pageNumber' | 'pageSize'>,
): Promise<{ rows: Row[]; total: number }> {
  const [page, [total]] = await Promise.all([
    rows.limit(paging.pageSize).offset((paging.pageNumber - 1) * paging.pageSize),
    counted,
  ]);
  return { rows: page, total: total?.n ?? 0 };
}

export interface OffsetPaging {
  pageNumber: number;
  pageSize: number;
  sortColumnName: string;
  sortOrder: SortOrder;
}

/** Paging and sorting of an offset-paged list: page and size are checked; sort falls back per spec §5. */
export function offsetPaging(
  query: ListQuery,
  sortColumns: readonly string[],
  sizes: readonly number[] = PAGE_SIZES,
): OffsetPaging {
  const pageNumber = query.positiveInteger('PageNumber') ?? 1;
  const size = query.positiveInteger('PageSize');
  if (size !== undefined && !sizes.includes(size))
    query.problem('PageSize', `must be one of ${sizes.join(', ')}`);
  return {
    pageNumber,
    pageSize: size !== undefined && sizes.includes(size) ? size : 20,
    sortColumnName: sanitizeSortColumn(query.one('SortColumnName'), sortColumns),
    sortOrder: sanitizeSortOrder(query.one('SortOrder')),
  };
}
