import {
  addToken,
  deactivateToken,
  operatorsOf,
  type OperatorChoice,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenOperator,
  type TokenSegment,
} from '@fleet/contract';
import type { TFunction } from 'i18next';

/** A token being written or edited in the bar: its parts so far and the segment the input serves. */
export interface TokenDraft {
  definition: SearchTokenDefinition;
  operator: TokenOperator;
  /** Its data so far: a picked value or date, or the edited token's (typed text is kept apart). */
  data: string;
  segment: TokenSegment;
  /** The place of the token it edits; null for a new one. */
  index: number | null;
}

/** An operator as the user reads it ("is not"). */
export function operatorLabel(operator: TokenOperator, t: TFunction): string {
  return t(`list.token_bar.operators.${operator.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`);
}

export function operatorChoices(definition: SearchTokenDefinition, t: TFunction): OperatorChoice[] {
  return operatorsOf(definition).map((operator) => ({ operator, label: operatorLabel(operator, t) }));
}

/**
 * The tokens once a draft is left with this data (jobs §4): an edited token is replaced where it stood,
 * a new one added; with empty data an edited token is removed (unless required) and a new one dropped.
 */
export function tokensAfterDraft(
  tokens: readonly SearchToken[],
  draft: TokenDraft,
  data: string,
  definitions: readonly SearchTokenDefinition[],
): SearchToken[] {
  const token = deactivateToken({ ...draft, data });
  const { index } = draft;
  const others = index === null ? [...tokens] : tokens.filter((_, i) => i !== index);
  if (!token) return draft.definition.required && index !== null ? [...tokens] : others;
  const added = addToken(others, token, definitions);
  if (index === null) return added;
  const placed = added.filter((entry) => entry !== token);
  placed.splice(Math.min(index, placed.length), 0, token);
  return placed;
}
