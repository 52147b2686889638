import type { FeatureCode } from './features.ts';
import { hasAnyRole, type RoleCode } from './roles.ts';

/** Token operators (jobs §9); `equal` is the default and is not written to the URL. */
export const TOKEN_OPERATORS = [
  'equal',
  'notEqual',
  'almost',
  'between',
  'since',
  'before',
  'range',
] as const;
export type TokenOperator = (typeof TOKEN_OPERATORS)[number];

export const DEFAULT_TOKEN_ORDER = 4096;
export const SUGGESTION_LIMIT = 1000;
export const SUGGESTION_DEBOUNCE_MS = 100;

export interface SearchTokenDefinition {
  /** The query key, such as `TypeFilter`. */
  type: string;
  /** Translation key of the token's title. */
  label: string;
  kind: 'text' | 'choice' | 'date' | 'boolean';
  /** At most one token of this type (its single value plus an operator). */
  unique?: boolean;
  operators?: readonly TokenOperator[];
  required?: boolean;
  authorizedRoles?: readonly RoleCode[];
  /** Only for users who see the whole fleet (internal members). */
  internalOnly?: boolean;
  /** Only for users who may use this feature (what the filter reads belongs to it). */
  feature?: FeatureCode;
  order?: number;
  /** Fixed values a choice token offers. */
  choices?: readonly string[];
}

export interface SearchToken {
  type: string;
  value: { data: string; operator: TokenOperator };
}

export interface TokenUser {
  roles: readonly string[];
  wholeFleet: boolean;
  /** The features the user may use. */
  features: readonly string[];
}

function orderOf(definition: SearchTokenDefinition): number {
  return definition.order ?? DEFAULT_TOKEN_ORDER;
}

/**
 * The tokens a user may use, in display order: by order value (negative values after the others),
 * then by their label in the user's language.
 */
export function availableTokens(
  definitions: readonly SearchTokenDefinition[],
  user: TokenUser,
  label: (definition: SearchTokenDefinition) => string,
  locale: string,
): SearchTokenDefinition[] {
  const rank = (d: SearchTokenDefinition) => (orderOf(d) < 0 ? 1 : 0);
  return definitions
    .filter(
      (d) =>
        hasAnyRole(d.authorizedRoles, user.roles) &&
        (!d.internalOnly || user.wholeFleet) &&
        (!d.feature || user.features.includes(d.feature)),
    )
    .sort((a, b) => rank(a) - rank(b) || orderOf(a) - orderOf(b) || label(a).localeCompare(label(b), locale));
}

export function defaultOperator(definition: SearchTokenDefinition): TokenOperator {
  return definition.operators?.[0] ?? 'equal';
}

/**
 * Tokens from the filter values of a URL query; an operator other than the default rides as
 * `<type>Operator`. A date token is read as it is applied (`appliedDateToken`).
 */
export function tokensFromFilters(
  filters: Record<string, readonly string[]>,
  definitions: readonly SearchTokenDefinition[],
  today: Date = new Date(),
): SearchToken[] {
  const tokens: SearchToken[] = [];
  for (const definition of definitions) {
    const values = filters[definition.type] ?? [];
    const requested = filters[`${definition.type}Operator`]?.[0] as TokenOperator | undefined;
    const operator =
      requested && operatorsOf(definition).includes(requested) ? requested : defaultOperator(definition);
    for (const data of definition.unique ? values.slice(0, 1) : values) {
      const token = { type: definition.type, value: { data, operator } };
      tokens.push(definition.kind === 'date' ? appliedDateToken(token, definition, today) : token);
    }
  }
  return tokens;
}

export function filtersFromTokens(
  tokens: readonly SearchToken[],
  definitions: readonly SearchTokenDefinition[],
): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const token of tokens) {
    const definition = definitions.find((d) => d.type === token.type);
    if (!definition || token.value.data.trim() === '') continue;
    filters[token.type] = [...(filters[token.type] ?? []), token.value.data];
    if (token.value.operator !== defaultOperator(definition))
      filters[`${token.type}Operator`] = [token.value.operator];
  }
  return filters;
}

/** The query keys a list accepts for these tokens: each type, and its operator key. */
export function tokenFilterKeys(definitions: readonly SearchTokenDefinition[]): string[] {
  return definitions.flatMap((d) =>
    d.operators && d.operators.length > 1 ? [d.type, `${d.type}Operator`] : [d.type],
  );
}

export class UnknownSearchItem extends Error {
  override name = 'UnknownSearchItem';
}

/** Adds a token: a unique type replaces its previous token; the same value twice is kept once. */
export function addToken(
  tokens: readonly SearchToken[],
  token: SearchToken,
  definitions: readonly SearchTokenDefinition[],
): SearchToken[] {
  const definition = definitions.find((d) => d.type === token.type);
  if (!definition) throw new UnknownSearchItem(`unknown search item ${token.type}`);
  if (token.value.data.trim() === '') return [...tokens];
  const others = tokens.filter(
    (t) => t.type !== token.type || (!definition.unique && t.value.data !== token.value.data),
  );
  return [...others, token];
}

/** Removes a token unless its type is required. */
export function removeToken(
  tokens: readonly SearchToken[],
  index: number,
  definitions: readonly SearchTokenDefinition[],
): SearchToken[] {
  const token = tokens[index];
  if (!token || definitions.find((d) => d.type === token.type)?.required) return [...tokens];
  return tokens.filter((_, i) => i !== index);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only string that round-trips (`2025-02-30` does not). */
export function isDateOnly(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day after a yyyy-MM-dd day. */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return dateOnly(day);
}

export interface DateTokenData {
  start: string;
  end: string | null;
}

/**
 * Reads date token data, a single date or `start/end`: dates after today become today, a range is
 * reordered so that start is not after end, invalid text falls back to yesterday..today.
 */
export function parseDateTokenData(data: string, today: Date = new Date()): DateTokenData {
  const max = dateOnly(today);
  const clamp = (value: string) => (value > max ? max : value);
  const [start, end, ...rest] = data.split('/');
  if (rest.length > 0 || !start || !isDateOnly(start) || (end !== undefined && !isDateOnly(end))) {
    return { start: dateOnly(new Date(today.getTime() - 86_400_000)), end: max };
  }
  if (end === undefined) return { start: clamp(start), end: null };
  const [a, b] = [clamp(start), clamp(end)].sort();
  return { start: a!, end: b! };
}

export function formatDateTokenData(value: DateTokenData): string {
  return value.end ? `${value.start}/${value.end}` : value.start;
}

/** The operators a token offers, its default first (jobs §9; `almost` is left out of archived lists). */
export function operatorsOf(definition: SearchTokenDefinition): readonly TokenOperator[] {
  return definition.operators && definition.operators.length > 0 ? definition.operators : ['equal'];
}

/** A token whose operator the user may choose (more than one is offered). */
export function hasOperatorChoice(definition: SearchTokenDefinition): boolean {
  return operatorsOf(definition).length > 1;
}

/** The range operator switches a date token to two dates (jobs §5: range mode). */
export function isRangeMode(operator: TokenOperator): boolean {
  return operator === 'range';
}

/**
 * A date token as it is applied (jobs §4, §5): invalid text falls back to yesterday–today, dates after
 * today become today, a period is put in order, a period takes the range operator where the token offers
 * it and is cut to its first day where it does not, and a range without its end is one day. The pill
 * shows this token, and the request sends it, so both say the same.
 */
export function appliedDateToken(
  token: SearchToken,
  definition: SearchTokenDefinition,
  today: Date = new Date(),
): SearchToken {
  const value = parseDateTokenData(token.value.data, today);
  const operators = operatorsOf(definition);
  if (value.end !== null && value.end !== value.start && operators.includes('range'))
    return { type: token.type, value: { data: formatDateTokenData(value), operator: 'range' } };
  const operator = isRangeMode(token.value.operator) ? defaultOperator(definition) : token.value.operator;
  return { type: token.type, value: { data: value.start, operator } };
}
