import {
  SUGGESTION_DEBOUNCE_MS,
  tokenLimitProblems,
  typeOperator,
  valueLimitProblem,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenOperator,
} from '@fleet/contract';
import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../hooks/use-date-format';
import { CLOSED_UNMOUNTED } from '../list/combobox-props';
import { DraftSegments } from './draft-segments';
import {
  FREE_OPTION,
  OPERATOR_OPTION,
  SUGGESTION_OPTION,
  TokenDropdown,
  TYPE_OPTION,
  VALUE_OPTION,
} from './token-dropdown';
import { operatorChoices } from './token-draft';
import {
  filterOptions,
  limitProblemText,
  tokenText,
  tokenValues,
  typedSuggestions,
  type TokenOptions,
} from './token-options';
import { useTokenDraft } from './use-token-draft';
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
 * The filter bar (jobs §4, §5). A token is written, or edited in place after a click on its pill, in
 * three segments: its type, its operator ("is", "contains", "before"…) and its data; the one input serves
 * the active segment, the dropdown offers what that segment takes, and the arrow keys and Backspace move
 * between segments. Typed text offers, once typing pauses (100 ms), a free search and the values of every
 * type that match it. A token left with empty data is removed. A value longer than the server takes is
 * refused here, with the limit, and never sent.
 */
export function SearchTokenBar({
  definitions,
  tokens,
  onChange,
  options,
  onOpen,
  freeTextType,
}: SearchTokenBarProps) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const id = useId();
  const combobox = useCombobox({
    onDropdownOpen: () => onOpen?.(),
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pillRefs = useRef<(HTMLDivElement | null)[]>([]);
  const focusInput = () => inputRef.current?.focus();
  const {
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
  } = useTokenDraft({ tokens, definitions, onChange, combobox, focusInput });
  const [debouncedSearch] = useDebouncedValue(search, SUGGESTION_DEBOUNCE_MS);

  const definitionOf = (type: string) => definitions.find((definition) => definition.type === type);
  const removable = (token: SearchToken | undefined) => !!token && !definitionOf(token.type)?.required;
  const valuesOf = (definition: SearchTokenDefinition) => tokenValues(definition, options, t);
  const textOf = (token: SearchToken) => tokenText(token, definitionOf(token.type), options, t, date.day);

  const freeTextDefinition = freeTextType ? definitionOf(freeTextType) : undefined;
  const segment = draft?.segment ?? 'title';
  /** The type typed data goes to: the draft's in its data segment, else the free search. */
  const target = draft ? (segment === 'data' ? draft.definition : null) : freeTextDefinition;
  const typedProblem =
    target && target.kind !== 'date' && search.trim() ? valueLimitProblem(target.type, search) : null;
  const tokenProblem = tokenLimitProblems(tokens)[0] ?? null;
  const problem = typedProblem
    ? limitProblemText(typedProblem, definitions, t, true)
    : tokenProblem
      ? limitProblemText(tokenProblem, definitions, t)
      : null;

  const choices = draft ? operatorChoices(draft.definition, t) : [];
  const typing = typeOperator(search, choices, draft?.data !== '', i18n.language);
  const offeredOperators = typing.kind === 'offer' ? typing.operators : [];

  const suggestions = draft
    ? []
    : typedSuggestions(definitions, tokens, debouncedSearch, valuesOf, textOf, SUGGESTIONS_PER_TYPE);

  const onOptionSubmit = (value: string) => {
    if (value.startsWith(TYPE_OPTION)) {
      const definition = definitionOf(value.slice(TYPE_OPTION.length));
      if (definition) choose(definition);
    } else if (value.startsWith(OPERATOR_OPTION)) {
      setOperator(value.slice(OPERATOR_OPTION.length) as TokenOperator);
    } else if (value.startsWith(FREE_OPTION)) {
      if (freeTextDefinition) add(freeTextDefinition, value.slice(FREE_OPTION.length));
    } else if (value.startsWith(SUGGESTION_OPTION)) {
      const [type = '', ...data] = value.slice(SUGGESTION_OPTION.length).split('=');
      const definition = definitionOf(type);
      if (definition) add(definition, data.join('='));
    } else if (draft) {
      finish(draft, value.slice(VALUE_OPTION.length));
    }
  };

  /** Enter without a highlighted option: the typed text, or the first value or operator it matches. */
  const enterTyped = () => {
    const text = search.trim();
    if (!draft) {
      if (text && freeTextDefinition) add(freeTextDefinition, text);
    } else if (segment === 'operator') {
      const first = offeredOperators[0];
      if (first) setOperator(first);
    } else if (segment === 'data' && draft.definition.kind === 'text') {
      finish(draft, text);
    } else if (segment === 'data' && draft.definition.kind !== 'date') {
      const match = text ? filterOptions(valuesOf(draft.definition) ?? [], text, 1)[0] : undefined;
      finish(draft, match?.value ?? draft.data);
    }
  };

  const onType = (text: string) => {
    if (draft && segment === 'operator') {
      const typed = typeOperator(text, choices, draft.data !== '', i18n.language);
      if (typed.kind === 'reject') return;
      if (typed.kind === 'data') {
        enter({ ...draft, operator: typed.operator, segment: 'data' });
        setSearch(draft.definition.kind === 'date' ? '' : typed.data);
        return;
      }
    }
    setSearch(text);
    combobox.openDropdown();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const empty = input.value === '';
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
      event.preventDefault();
      enterTyped();
    } else if (event.key === 'Backspace' && empty) {
      event.preventDefault();
      if (draft) move('backspace');
      else {
        const last = tokens.map(removable).lastIndexOf(true);
        if (last >= 0) remove(last);
      }
    } else if (event.key === 'ArrowLeft' && atStart) {
      event.preventDefault();
      if (draft) move('previous');
      else pillRefs.current[tokens.length - 1]?.focus();
    } else if (event.key === 'ArrowRight' && atEnd && draft && segment !== 'data') {
      event.preventDefault();
      move('next');
    } else if (event.key === 'Escape') {
      reset();
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
      else focusInput();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      edit(index);
    } else if ((event.key === 'Backspace' || event.key === 'Delete') && removable(tokens[index])) {
      event.preventDefault();
      remove(index);
    }
  };

  /** Focus leaving the bar and its dropdown deactivates the token being edited (jobs §4). */
  const onBlur = (event: FocusEvent) => {
    const to = event.relatedTarget as Node | null;
    if (to && (rootRef.current?.contains(to) || dropdownRef.current?.contains(to))) return;
    if (draft?.index !== null && draft) finish(draft, draftData(draft));
    else if (draft?.definition.kind !== 'date') reset();
  };

  const editing = draft?.index ?? null;
  const field = (
    <Combobox.EventsTarget key="field">
      <PillsInput.Field
        id={id}
        ref={inputRef}
        value={search}
        aria-label={
          draft ? t(`list.token_bar.segments.${segment}`, { label: t(draft.definition.label) }) : undefined
        }
        // Between tokens, the field being edited keeps its width instead of pushing the rest aside.
        style={editing !== null && editing < tokens.length - 1 ? { flex: '0 1 24ch' } : undefined}
        placeholder={
          draft
            ? t(
                `list.token_bar.placeholders.${segment === 'data' && draft.definition.kind === 'date' ? 'date' : segment}`,
              )
            : tokens.length === 0
              ? t('list.token_bar.placeholder')
              : undefined
        }
        onChange={(event) => onType(event.currentTarget.value)}
        onKeyDown={onInputKeyDown}
      />
    </Combobox.EventsTarget>
  );
  const draftSegments = draft && (
    <DraftSegments
      key="draft"
      draft={draft}
      onSegment={(next) => enter({ ...draft, data: draftData(draft), segment: next })}
    />
  );
  const pills = tokens.map((token, index) =>
    index === editing ? null : (
      <TokenPill
        key={`${token.type}=${token.value.data}`}
        ref={(element) => {
          pillRefs.current[index] = element;
        }}
        text={textOf(token)}
        removable={removable(token)}
        onEdit={() => edit(index)}
        onRemove={() => remove(index)}
        onKeyDown={(event) => onPillKeyDown(event, index)}
      />
    ),
  );
  const at = editing ?? tokens.length;

  return (
    // React carries the dropdown's focus events (in a portal) to this element too.
    <div ref={rootRef} onBlur={onBlur}>
      <Combobox
        store={combobox}
        onOptionSubmit={onOptionSubmit}
        position="bottom-start"
        {...CLOSED_UNMOUNTED}
      >
        <Combobox.DropdownTarget>
          <PillsInput
            id={id}
            label={t('list.token_bar.label')}
            description={tokens.length > 0 ? t('list.token_bar.edit_hint') : undefined}
            error={problem}
            onClick={() => combobox.openDropdown()}
          >
            <Pill.Group>
              {pills.slice(0, at)}
              {draftSegments}
              {field}
              {pills.slice(at)}
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>
        <Combobox.Dropdown miw={260} ref={dropdownRef}>
          <TokenDropdown
            definitions={definitions}
            draft={draft}
            operators={offeredOperators}
            values={draft ? valuesOf(draft.definition) : undefined}
            search={search}
            debouncedSearch={debouncedSearch}
            freeText={freeTextDefinition ? t(freeTextDefinition.label) : null}
            suggestions={suggestions.slice(0, SUGGESTIONS_SHOWN)}
            problem={typedProblem ? problem : null}
            onDate={(data) => draft && finish(draft, data)}
          />
        </Combobox.Dropdown>
      </Combobox>
    </div>
  );
}
