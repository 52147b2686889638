import { z } from 'zod';
import {
  PAGE_SIZES,
  sanitizeSortColumn,
  sanitizeSortOrder,
  stripQuotes,
  type SortOrder,
} from '@fleet/contract';
import { badRequest } from './errors.ts';

/** Any query string: values as sent, repeated keys as arrays. */
export const rawQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type RawQuery = z.infer<typeof rawQuerySchema>;

/**
 * A query read case-insensitively against the names a list knows: values trimmed, quotes
 * stripped, empty values skipped; unknown keys are ignored (spec: list query rules).
 */
export class ListQuery {
  readonly #values = new Map<string, string[]>();
  readonly #problems: { field: string; message: string }[] = [];

  constructor(raw: RawQuery, known: readonly string[]) {
    const byLower = new Map(known.map((name) => [name.toLowerCase(), name]));
    for (const [key, value] of Object.entries(raw)) {
      const name = byLower.get(key.toLowerCase());
      if (!name) continue;
      const values = [value]
        .flat()
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

  problem(field: string, message: string): void {
    this.#problems.push({ field: `query.${field}`, message });
  }

  /** Throws one 400 naming every invalid parameter. */
  check(): void {
    if (this.#problems.length === 0) return;
    const names = this.#problems.map((p) => p.field.replace(/^query\./, ''));
    throw badRequest(`Invalid ${names.join(', ')}: ${this.#problems[0]!.message}`, this.#problems);
  }

  positiveInteger(name: string): number | undefined {
    const value = this.one(name);
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      this.problem(name, 'must be a whole number of 1 or more');
      return undefined;
    }
    return number;
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
}

export const PAGING_KEYS = ['PageNumber', 'PageSize', 'SortColumnName', 'SortOrder', 'cursor'] as const;

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
