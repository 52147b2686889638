import {
  addToken,
  defaultOperator,
  removeToken,
  SUGGESTION_DEBOUNCE_MS,
  tokenLimitProblems,
  valueLimitProblem,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenOperator,
} from '@fleet/contract';
import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../hooks/use-date-format';
import { CLOSED_UNMOUNTED } from '../list/combobox-props';
import {
  FREE_OPTION,
  SUGGESTION_OPTION,
  TokenDropdown,
  TYPE_OPTION,
  VALUE_OPTION,
  type TokenSuggestion,
} from './token-dropdown';
import { filterOptions, limitProblemText, tokenText, tokenValues, type TokenOptions } from './token-options';
import { TokenPill } from './token-pill';

interface SearchTokenBarProps {
  /** The tokens this user may use, in display order (see `useAvailableTokens`). */
  definitions: readonly SearchTokenDefinition[];
  tokens: readonly SearchToken[];
  onChange: (tokens: SearchToken[]) => void;
  options: TokenOptions;
  /** Called when the dropdown opens, so suggestions load only once somebody wants them. */
  onOpen?: () => void;
  /** The token type that text typed without picking a type first goes to (a free search). */
  freeTextType?: string;
}

/** Values of one type offered for typed text, and of all types together. */
const SUGGESTIONS_PER_TYPE = 5;
const SUGGESTIONS_SHOWN = 20;

/**
 * The filter bar: tokens as pills; pick a type, then its value. Typed text offers, once typing pauses
 * (spec: 100 ms), a free search and the values of every type that match it. Enter adds, Backspace in
 * the empty input removes the last token, the arrow keys move between tokens. A value longer than the
 * server takes is refused here, with the limit, and never sent.
 */
export function SearchTokenBar({
  definitions,
  tokens,
  onChange,
  options,
  onOpen,
  freeTextType,
}: SearchTokenBarProps) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const id = useId();
  const combobox = useCombobox({
    onDropdownOpen: () => onOpen?.(),
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  /** The type whose value is being entered; null while choosing a type. */
  const [pending, setPending] = useState<SearchTokenDefinition | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SUGGESTION_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const pillRefs = useRef<(HTMLDivElement | null)[]>([]);

  const definitionOf = (type: string) => definitions.find((definition) => definition.type === type);
  const removable = (token: SearchToken | undefined) => !!token && !definitionOf(token.type)?.required;
  const valuesOf = (definition: SearchTokenDefinition) => tokenValues(definition, options, t);

  const freeTextDefinition = freeTextType ? definitionOf(freeTextType) : undefined;
  /** The type typed text goes to: the chosen one, else the free search. */
  const target = pending ?? freeTextDefinition;
  const typedProblem =
    target && target.kind !== 'date' && search.trim() ? valueLimitProblem(target.type, search) : null;
  const tokenProblem = tokenLimitProblems(tokens)[0] ?? null;
  const problem = typedProblem
    ? limitProblemText(typedProblem, definitions, t, true)
    : tokenProblem
      ? limitProblemText(tokenProblem, definitions, t)
      : null;

  const suggestions: TokenSuggestion[] = [];
  const needle = debouncedSearch.trim();
  if (!pending && needle) {
    for (const definition of definitions) {
      const values = definition.kind === 'date' ? null : valuesOf(definition);
      for (const option of filterOptions(values ?? [], needle, SUGGESTIONS_PER_TYPE)) {
        if (tokens.some((token) => token.type === definition.type && token.value.data === option.value))
          continue;
        const token = {
          type: definition.type,
          value: { data: option.value, operator: defaultOperator(definition) },
        };
        suggestions.push({
          type: definition.type,
          value: option.value,
          text: tokenText(token, definition, options, t),
        });
      }
    }
  }

  const add = (definition: SearchTokenDefinition, data: string, operator?: TokenOperator) => {
    const value = { data: data.trim(), operator: operator ?? defaultOperator(definition) };
    if (valueLimitProblem(definition.type, value.data)) return;
    if (value.data !== '') onChange(addToken(tokens, { type: definition.type, value }, definitions));
    setPending(null);
    setSearch('');
    combobox.closeDropdown();
    inputRef.current?.focus();
  };
  const remove = (index: number) => {
    onChange(removeToken(tokens, index, definitions));
    inputRef.current?.focus();
  };
  const choose = (definition: SearchTokenDefinition) => {
    setPending(definition);
    setSearch('');
    combobox.resetSelectedOption();
    combobox.openDropdown();
  };

  const onOptionSubmit = (value: string) => {
    if (value.startsWith(TYPE_OPTION)) {
      const definition = definitionOf(value.slice(TYPE_OPTION.length));
      if (definition) choose(definition);
    } else if (value.startsWith(FREE_OPTION)) {
      if (freeTextDefinition) add(freeTextDefinition, value.slice(FREE_OPTION.length));
    } else if (value.startsWith(SUGGESTION_OPTION)) {
      const [type = '', ...data] = value.slice(SUGGESTION_OPTION.length).split('=');
      const definition = definitionOf(type);
      if (definition) add(definition, data.join('='));
    } else if (pending) {
      add(pending, value.slice(VALUE_OPTION.length));
    }
  };

  /** Enter without a highlighted option: free text, or the first value matching what was typed. */
  const addTyped = () => {
    const text = search.trim();
    if (!text) return;
    if (!pending) {
      if (freeTextDefinition) add(freeTextDefinition, text);
    } else if (pending.kind === 'text') {
      add(pending, text);
    } else {
      const match = filterOptions(valuesOf(pending) ?? [], text, 1)[0];
      if (match) add(pending, match.value);
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const empty = event.currentTarget.value === '';
    if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
      event.preventDefault();
      addTyped();
    } else if (event.key === 'Backspace' && empty) {
      if (pending) setPending(null);
      else {
        const last = tokens.map(removable).lastIndexOf(true);
        if (last >= 0) remove(last);
      }
    } else if (event.key === 'ArrowLeft' && empty && tokens.length > 0) {
      event.preventDefault();
      pillRefs.current[tokens.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      setPending(null);
      setSearch('');
    }
  };

  const onPillKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      pillRefs.current[Math.max(0, index - 1)]?.focus();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      const next = pillRefs.current[index + 1];
      if (index + 1 < tokens.length && next) next.focus();
      else inputRef.current?.focus();
    } else if ((event.key === 'Backspace' || event.key === 'Delete') && removable(tokens[index])) {
      event.preventDefault();
      remove(index);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={onOptionSubmit} position="bottom-start" {...CLOSED_UNMOUNTED}>
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          label={t('list.token_bar.label')}
          error={problem}
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {tokens.map((token, index) => (
              <TokenPill
                key={`${token.type}=${token.value.data}`}
                ref={(element) => {
                  pillRefs.current[index] = element;
                }}
                text={tokenText(token, definitionOf(token.type), options, t, date.day)}
                removable={removable(token)}
                onRemove={() => remove(index)}
                onKeyDown={(event) => onPillKeyDown(event, index)}
              />
            ))}
            {pending && <Pill variant="contrast">{t(pending.label)}</Pill>}
            <Combobox.EventsTarget>
              <PillsInput.Field
                id={id}
                ref={inputRef}
                value={search}
                placeholder={
                  pending
                    ? t('list.token_bar.value_placeholder')
                    : tokens.length === 0
                      ? t('list.token_bar.placeholder')
                      : undefined
                }
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  combobox.openDropdown();
                }}
                onKeyDown={onInputKeyDown}
                onBlur={() => pending?.kind !== 'date' && combobox.closeDropdown()}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown miw={260}>
        <TokenDropdown
          definitions={definitions}
          pending={pending}
          values={pending ? valuesOf(pending) : undefined}
          search={search}
          debouncedSearch={debouncedSearch}
          freeText={freeTextDefinition ? t(freeTextDefinition.label) : null}
          suggestions={suggestions.slice(0, SUGGESTIONS_SHOWN)}
          problem={typedProblem ? problem : null}
          onDate={(data, operator) => pending && add(pending, data, operator)}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
}
