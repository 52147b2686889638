import {
  defaultOperator,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenLimitProblem,
} from '@fleet/contract';
import type { TFunction } from 'i18next';
import { operatorLabel } from './token-draft';

export interface TokenOption {
  value: string;
  label: string;
}

/**
 * The values a token type offers: a list, null while it loads, undefined when the type takes free
 * text only.
 */
export type TokenOptions = (definition: SearchTokenDefinition) => readonly TokenOption[] | null | undefined;

/** Options whose label contains the search text (any case), at most `limit` of them. */
export function filterOptions(options: readonly TokenOption[], search: string, limit: number): TokenOption[] {
  const needle = search.trim().toLowerCase();
  const matching = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  return matching.slice(0, limit);
}

/** The list's own values for a type, else yes/no for a boolean, else the definition's fixed choices. */
export function tokenValues(
  definition: SearchTokenDefinition,
  options: TokenOptions,
  t: TFunction,
): readonly TokenOption[] | null | undefined {
  const offered = options(definition);
  if (offered !== undefined) return offered;
  if (definition.kind === 'boolean') {
    return [
      { value: 'true', label: t('list.token_bar.yes') },
      { value: 'false', label: t('list.token_bar.no') },
    ];
  }
  return definition.choices?.map((choice) => ({ value: choice, label: choice }));
}

/**
 * A token as its pill shows it: `Maker: Kessler`, a date range as `start – end` with each day written by
 * `day` (the date-format rule), an operator in words.
 */
export function tokenText(
  token: SearchToken,
  definition: SearchTokenDefinition | undefined,
  options: TokenOptions,
  t: TFunction,
  day: (value: string) => string = (value) => value,
): string {
  if (!definition) return token.value.data;
  const label = t(definition.label);
  const data = token.value.data;
  const value =
    definition.kind === 'date'
      ? data.split('/').map(day).join(' – ')
      : (tokenValues(definition, options, t)?.find((option) => option.value === data)?.label ?? data);
  // A period says its range itself ("1/5/2026 – 1/31/2026").
  if (token.value.operator === defaultOperator(definition) || token.value.operator === 'range')
    return t('list.token_bar.token', { label, value });
  const operator = operatorLabel(token.value.operator, t);
  return t('list.token_bar.token_with_operator', { label, operator, value });
}

/**
 * What a broken limit says: the token's name, the server's limit and what was given, and that nothing is
 * sent (`typed`: the text being typed; otherwise a token already in the bar, such as from a link).
 */
export function limitProblemText(
  problem: TokenLimitProblem,
  definitions: readonly SearchTokenDefinition[],
  t: TFunction,
  typed = false,
): string {
  const definition = definitions.find((d) => d.type === problem.type);
  const label = definition ? t(definition.label) : problem.type;
  if (problem.problem === 'too_many')
    return t('list.token_bar.too_many', { label, max: problem.max, count: problem.count });
  return t(typed ? 'list.token_bar.too_long_typed' : 'list.token_bar.too_long', {
    label,
    max: problem.max,
    length: problem.length,
  });
}

/** A value of some type that matches what was typed, offered before any type is chosen. */
export interface TokenSuggestion {
  type: string;
  value: string;
  /** As its pill will show it, such as `Maker: Kessler`. */
  text: string;
}

/** The values of every type that match typed text (at most `perType` each), leaving out tokens in use. */
export function typedSuggestions(
  definitions: readonly SearchTokenDefinition[],
  tokens: readonly SearchToken[],
  typed: string,
  valuesOf: (definition: SearchTokenDefinition) => readonly TokenOption[] | null | undefined,
  textOf: (token: SearchToken) => string,
  perType: number,
): TokenSuggestion[] {
  const needle = typed.trim();
  if (!needle) return [];
  return definitions.flatMap((definition) =>
    filterOptions((definition.kind === 'date' ? null : valuesOf(definition)) ?? [], needle, perType)
      .filter(
        (option) =>
          !tokens.some((token) => token.type === definition.type && token.value.data === option.value),
      )
      .map((option) => ({
        type: definition.type,
        value: option.value,
        text: textOf({
          type: definition.type,
          value: { data: option.value, operator: defaultOperator(definition) },
        }),
      })),
  );
}
