import type { SearchToken, SearchTokenDefinition, TokenOperator } from './search-tokens.ts';

/** The three parts of a token being edited (jobs §4), in the order the keyboard moves through them. */
export const TOKEN_SEGMENTS = ['title', 'operator', 'data'] as const;
export type TokenSegment = (typeof TOKEN_SEGMENTS)[number];
export type SegmentMove = 'previous' | 'next' | 'backspace';

/**
 * The segment a move leads to (jobs §4): previous and backspace go one back, next one on; the operator
 * segment is passed over when the token has one operator only. null: the move leaves the token (back
 * from its title, or on from its data).
 */
export function segmentAfter(
  segment: TokenSegment,
  move: SegmentMove,
  operatorChoice: boolean,
): TokenSegment | null {
  const segments = TOKEN_SEGMENTS.filter((s) => s !== 'operator' || operatorChoice);
  const index = segments.indexOf(segment === 'operator' && !operatorChoice ? 'data' : segment);
  const next = index + (move === 'next' ? 1 : -1);
  return segments[next] ?? null;
}

/** A token being edited: its type, operator and data so far. */
export interface TokenDraft {
  definition: SearchTokenDefinition;
  operator: TokenOperator;
  data: string;
}

/** Leaving a token being edited (jobs §4): with empty data it is removed (null), else it is the token. */
export function deactivateToken(draft: TokenDraft): SearchToken | null {
  const data = draft.data.trim();
  if (data === '') return null;
  return { type: draft.definition.type, value: { data, operator: draft.operator } };
}

export interface OperatorChoice {
  operator: TokenOperator;
  /** The operator as the user reads it ("is not"), in the user's language. */
  label: string;
}

export type OperatorTyping =
  /** These operators begin with what was typed: they are offered. */
  | { kind: 'offer'; operators: TokenOperator[] }
  /** No operator begins with it and the token has data: the key is refused. */
  | { kind: 'reject' }
  /** No operator begins with it and there is no data yet: the suggestion is applied, the text is data. */
  | { kind: 'data'; operator: TokenOperator; data: string };

/**
 * Typing in a token's operator segment (jobs §5): the operators whose label begins with the text are
 * offered; a key that can begin none is refused if the token has data, otherwise the suggested operator
 * (the first offered, its default) is applied and the text starts the data.
 */
export function typeOperator(
  typed: string,
  choices: readonly OperatorChoice[],
  hasData: boolean,
  locale?: string,
): OperatorTyping {
  const text = typed.trimStart().toLocaleLowerCase(locale);
  const operators = choices
    .filter((choice) => choice.label.toLocaleLowerCase(locale).startsWith(text))
    .map((choice) => choice.operator);
  if (operators.length > 0) return { kind: 'offer', operators };
  if (hasData) return { kind: 'reject' };
  return { kind: 'data', operator: choices[0]?.operator ?? 'equal', data: typed.trimStart() };
}
