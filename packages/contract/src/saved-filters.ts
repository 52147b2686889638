import { z } from 'zod';
import { FILTER_VALUES_MAX, FILTER_VALUE_MAX_LENGTH } from './search-limits.ts';
import {
  UnknownSearchItem,
  tokensFromFilters,
  type SearchToken,
  type SearchTokenDefinition,
} from './search-tokens.ts';

/**
 * Saved filter lists (jobs §5): a user keeps the filters of a list under a name and applies them again
 * later. They are kept with the user's configuration; each belongs to one list.
 */
export const SAVED_FILTER_LISTS = ['jobs', 'series'] as const;
export type SavedFilterListKind = (typeof SAVED_FILTER_LISTS)[number];
export const SAVED_FILTERS_MAX = 50;
export const SAVED_FILTER_NAME_MAX = 60;

export const savedFilterListSchema = z.object({
  name: z.string().trim().min(1).max(SAVED_FILTER_NAME_MAX),
  list: z.enum(SAVED_FILTER_LISTS),
  filters: z.record(
    z.string().min(1).max(64),
    z.array(z.string().max(FILTER_VALUE_MAX_LENGTH)).max(FILTER_VALUES_MAX),
  ),
});
export type SavedFilterList = z.infer<typeof savedFilterListSchema>;

export class SavedFilterProblem extends Error {
  override name = 'SavedFilterProblem';
  constructor(
    readonly problem: 'empty_name' | 'name_taken' | 'too_many',
    message: string,
  ) {
    super(message);
  }
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The tokens of a saved list for the search items this user may use. A saved list naming an item that no
 * longer exists, or that the user may no longer use, is refused whole (UnknownSearchItem names it): half
 * a filter would show other jobs than the user saved.
 */
export function savedFilterTokens(
  saved: SavedFilterList,
  definitions: readonly SearchTokenDefinition[],
): SearchToken[] {
  const known = new Set(definitions.flatMap((d) => [d.type, `${d.type}Operator`]));
  const unknown = Object.keys(saved.filters).find((key) => !known.has(key));
  if (unknown) throw new UnknownSearchItem(unknown.replace(/Operator$/, ''));
  return tokensFromFilters(saved.filters, definitions);
}

/** Saves the filters under a new name (a name the list has, in any case, is refused: nothing is overwritten). */
export function saveFilterList(all: readonly SavedFilterList[], entry: SavedFilterList): SavedFilterList[] {
  const name = entry.name.trim();
  if (!name) throw new SavedFilterProblem('empty_name', "The name field can't be empty");
  if (all.some((saved) => saved.list === entry.list && sameName(saved.name, name)))
    throw new SavedFilterProblem('name_taken', `${name} is an already existing filter list`);
  if (all.length >= SAVED_FILTERS_MAX)
    throw new SavedFilterProblem('too_many', `At most ${SAVED_FILTERS_MAX} saved filter lists`);
  return [...all, { ...entry, name }];
}

export function renameFilterList(
  all: readonly SavedFilterList[],
  list: SavedFilterListKind,
  from: string,
  to: string,
): SavedFilterList[] {
  const name = to.trim();
  if (!name) throw new SavedFilterProblem('empty_name', "The name field can't be empty");
  if (!sameName(from, name) && all.some((saved) => saved.list === list && sameName(saved.name, name)))
    throw new SavedFilterProblem('name_taken', `${name} is an already existing filter list`);
  return all.map((saved) => (saved.list === list && saved.name === from ? { ...saved, name } : saved));
}

export function removeFilterList(
  all: readonly SavedFilterList[],
  list: SavedFilterListKind,
  name: string,
): SavedFilterList[] {
  return all.filter((saved) => saved.list !== list || saved.name !== name);
}

/** What a stored configuration holds: the well-formed lists, one per name and list, at most 50. */
export function normaliseSavedFilters(value: unknown): SavedFilterList[] {
  if (!Array.isArray(value)) return [];
  const kept: SavedFilterList[] = [];
  for (const item of value) {
    const parsed = savedFilterListSchema.safeParse(item);
    if (!parsed.success) continue;
    if (kept.some((saved) => saved.list === parsed.data.list && sameName(saved.name, parsed.data.name)))
      continue;
    if (kept.length < SAVED_FILTERS_MAX) kept.push(parsed.data);
  }
  return kept;
}
