import {
  isRangeMode,
  SUGGESTION_LIMIT,
  type SearchTokenDefinition,
  type TokenOperator,
} from '@fleet/contract';
import { Combobox, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTokenEditor } from './date-token-editor';
import { operatorLabel, type TokenDraft } from './token-draft';
import { filterOptions, type TokenOption, type TokenSuggestion } from './token-options';

export const TYPE_OPTION = 'type:';
export const OPERATOR_OPTION = 'operator:';
export const VALUE_OPTION = 'value:';
/** Typed text as a free search. */
export const FREE_OPTION = 'free:';
/** A value of some type matching the typed text, as `suggestion:<type>=<value>`. */
export const SUGGESTION_OPTION = 'suggestion:';

interface TokenDropdownProps {
  definitions: readonly SearchTokenDefinition[];
  /** The token being written or edited; null while choosing the type of a new one. */
  draft: TokenDraft | null;
  /** In the operator segment: the operators that begin with what was typed. */
  operators: readonly TokenOperator[];
  /** The values the draft's type offers (null while they load, undefined for free text). */
  values: readonly TokenOption[] | null | undefined;
  search: string;
  /** The search text after the suggestion debounce; values are filtered by it. */
  debouncedSearch: string;
  /** Typed text may be added as a free search; its token's label (`Search`) when it may. */
  freeText: string | null;
  /** Values of any type matching the debounced search, while no type is chosen. */
  suggestions: readonly TokenSuggestion[];
  /** Why the typed text cannot be added (longer than the server takes), if it cannot. */
  problem: string | null;
  onDate: (data: string) => void;
}

/**
 * What the filter bar offers for the segment being written: token types (and, for a new token, a free
 * search and matching values), then the token's operators, then its values or a date editor.
 */
export function TokenDropdown(props: TokenDropdownProps) {
  const { definitions, draft, operators, values, search, debouncedSearch, freeText, suggestions } = props;
  const { problem, onDate } = props;
  const { t } = useTranslation();

  if (!draft || draft.segment === 'title') {
    const needle = search.trim().toLowerCase();
    const typed = debouncedSearch.trim();
    const shown = definitions.filter((definition) => t(definition.label).toLowerCase().includes(needle));
    return (
      <ScrollArea.Autosize mah={360} type="scroll">
        <Combobox.Options aria-label={t('list.token_bar.choose_type')}>
          {!draft && typed && freeText && !problem && (
            <Combobox.Option value={`${FREE_OPTION}${typed}`}>
              {t('list.token_bar.search_for', { label: freeText, text: typed })}
            </Combobox.Option>
          )}
          {shown.map((definition) => (
            <Combobox.Option key={definition.type} value={`${TYPE_OPTION}${definition.type}`}>
              {t(definition.label)}
            </Combobox.Option>
          ))}
          {!draft && typed && suggestions.length > 0 && (
            <Combobox.Group label={t('list.token_bar.suggestions')}>
              {suggestions.map((suggestion) => (
                <Combobox.Option
                  key={`${suggestion.type}=${suggestion.value}`}
                  value={`${SUGGESTION_OPTION}${suggestion.type}=${suggestion.value}`}
                >
                  {suggestion.text}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
        </Combobox.Options>
        {!draft && needle && freeText && !problem && (
          <Text size="xs" c="dimmed" px="sm" py={6}>
            {t('list.token_bar.press_enter_search')}
          </Text>
        )}
      </ScrollArea.Autosize>
    );
  }
  const pending = draft.definition;
  if (draft.segment === 'operator') {
    return (
      <Combobox.Options aria-label={t('list.token_bar.choose_operator', { label: t(pending.label) })}>
        {operators.map((operator) => (
          <Combobox.Option
            key={operator}
            value={`${OPERATOR_OPTION}${operator}`}
            active={operator === draft.operator}
          >
            {operatorLabel(operator, t)}
          </Combobox.Option>
        ))}
        {operators.length === 0 && <Combobox.Empty>{t('list.token_bar.no_operator')}</Combobox.Empty>}
      </Combobox.Options>
    );
  }
  if (pending.kind === 'date')
    return (
      <DateTokenEditor
        key={draft.operator}
        range={isRangeMode(draft.operator)}
        initial={draft.data}
        onDone={onDate}
      />
    );
  if (values === null) {
    return (
      <Group gap="xs" p="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('list.token_bar.loading')}</Text>
      </Group>
    );
  }
  const shown = filterOptions(values ?? [], debouncedSearch, SUGGESTION_LIMIT);
  return (
    <ScrollArea.Autosize mah={320} type="scroll">
      <Combobox.Options aria-label={t(pending.label)}>
        {shown.map((option) => (
          <Combobox.Option key={option.value} value={`${VALUE_OPTION}${option.value}`}>
            {option.label}
          </Combobox.Option>
        ))}
        {shown.length === 0 && (
          <Combobox.Empty>
            {t(pending.kind === 'text' ? 'list.token_bar.press_enter' : 'list.token_bar.no_match')}
          </Combobox.Empty>
        )}
      </Combobox.Options>
    </ScrollArea.Autosize>
  );
}
