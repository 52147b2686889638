import {
  addToken,
  defaultOperator,
  removeToken,
  SUGGESTION_DEBOUNCE_MS,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenOperator,
} from '@fleet/contract';
import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSED_UNMOUNTED } from '../list/combobox-props';
import { TokenDropdown, TYPE_OPTION, VALUE_OPTION } from './token-dropdown';
import { filterOptions, tokenText, tokenValues, type TokenOptions } from './token-options';
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

/**
 * The filter bar: tokens as pills; pick a type, then its value. Enter adds, Backspace in the empty
 * input removes the last token, the arrow keys move between tokens.
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

  const add = (definition: SearchTokenDefinition, data: string, operator?: TokenOperator) => {
    const value = { data: data.trim(), operator: operator ?? defaultOperator(definition) };
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
    } else if (pending) {
      add(pending, value.slice(VALUE_OPTION.length));
    }
  };

  /** Enter without a highlighted option: free text, or the first value matching what was typed. */
  const addTyped = () => {
    const text = search.trim();
    if (!text) return;
    if (!pending) {
      const freeText = freeTextType ? definitionOf(freeTextType) : undefined;
      if (freeText) add(freeText, text);
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
        <PillsInput id={id} label={t('list.token_bar.label')} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {tokens.map((token, index) => (
              <TokenPill
                key={`${token.type}=${token.value.data}`}
                ref={(element) => {
                  pillRefs.current[index] = element;
                }}
                text={tokenText(token, definitionOf(token.type), options, t)}
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
          freeText={!!freeTextType && !!definitionOf(freeTextType)}
          onDate={(data, operator) => pending && add(pending, data, operator)}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
}
