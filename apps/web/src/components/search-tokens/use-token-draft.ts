import {
  defaultOperator,
  hasOperatorChoice,
  operatorsOf,
  removeToken,
  segmentAfter,
  valueLimitProblem,
  type SearchToken,
  type SearchTokenDefinition,
  type SegmentMove,
  type TokenOperator,
} from '@fleet/contract';
import type { ComboboxStore } from '@mantine/core';
import { useState } from 'react';
import { tokensAfterDraft, type TokenDraft } from './token-draft';

interface TokenDraftOptions {
  tokens: readonly SearchToken[];
  definitions: readonly SearchTokenDefinition[];
  onChange: (tokens: SearchToken[]) => void;
  combobox: ComboboxStore;
  focusInput: () => void;
}

/**
 * The token being written or edited in the filter bar (jobs §4): its segments, what the field holds for
 * the active one, and the moves between them; leaving it writes, replaces or removes the token.
 */
export function useTokenDraft({ tokens, definitions, onChange, combobox, focusInput }: TokenDraftOptions) {
  const [draft, setDraft] = useState<TokenDraft | null>(null);
  const [search, setSearch] = useState('');
  const definitionOf = (type: string) => definitions.find((definition) => definition.type === type);
  const segment = draft?.segment ?? 'title';

  const reset = () => {
    setDraft(null);
    setSearch('');
    combobox.closeDropdown();
  };
  /** Leaves the draft with this data: the token is written, replaced, or removed when it is empty. */
  const finish = (current: TokenDraft, data: string) => {
    if (current.definition.kind !== 'date' && valueLimitProblem(current.definition.type, data.trim())) return;
    const next = tokensAfterDraft(tokens, current, data, definitions);
    if (JSON.stringify(next) !== JSON.stringify(tokens)) onChange(next);
    reset();
    focusInput();
  };
  const add = (definition: SearchTokenDefinition, data: string) =>
    finish(
      { definition, operator: defaultOperator(definition), data: '', segment: 'data', index: null },
      data,
    );
  const enter = (next: TokenDraft) => {
    setDraft(next);
    // A text token's data is edited as text; other segments start from an empty filter.
    setSearch(next.segment === 'data' && next.definition.kind === 'text' ? next.data : '');
    combobox.resetSelectedOption();
    combobox.openDropdown();
    focusInput();
  };
  const choose = (definition: SearchTokenDefinition) => {
    const keep = draft && operatorsOf(definition).includes(draft.operator) ? draft.operator : null;
    enter({
      definition,
      operator: keep ?? defaultOperator(definition),
      data: draft?.data ?? '',
      segment: hasOperatorChoice(definition) ? 'operator' : 'data',
      index: draft?.index ?? null,
    });
  };
  const setOperator = (operator: TokenOperator) => draft && enter({ ...draft, operator, segment: 'data' });
  const edit = (index: number) => {
    const token = tokens[index];
    const definition = token && definitionOf(token.type);
    if (!token || !definition) return;
    enter({ definition, operator: token.value.operator, data: token.value.data, segment: 'data', index });
  };
  const remove = (index: number) => {
    onChange(removeToken(tokens, index, definitions));
    focusInput();
  };
  /** The draft's data as it stands: typed text for a text token, else what was picked. */
  const draftData = (current: TokenDraft) =>
    current.segment === 'data' && current.definition.kind === 'text' ? search : current.data;
  const move = (how: SegmentMove) => {
    if (!draft) return;
    const next = segmentAfter(segment, how, hasOperatorChoice(draft.definition));
    const data = draftData(draft);
    if (next === null && how === 'next') finish(draft, data);
    else if (next === null) reset();
    else if (next === 'title' && draft.definition.required) return;
    else enter({ ...draft, data, segment: next });
  };

  return {
    draft,
    search,
    setSearch,
    reset,
    finish,
    add,
    enter,
    choose,
    setOperator,
    edit,
    remove,
    draftData,
    move,
  };
}
