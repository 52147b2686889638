import { SUGGESTION_LIMIT, type SearchTokenDefinition, type TokenOperator } from '@fleet/contract';
import { Combobox, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTokenEditor } from './date-token-editor';
import { filterOptions, type TokenOption } from './token-options';

export const TYPE_OPTION = 'type:';
export const VALUE_OPTION = 'value:';

interface TokenDropdownProps {
  definitions: readonly SearchTokenDefinition[];
  /** The type whose value is being entered; null while choosing a type. */
  pending: SearchTokenDefinition | null;
  /** The values `pending` offers (null while they load, undefined for free text). */
  values: readonly TokenOption[] | null | undefined;
  search: string;
  /** The search text after the suggestion debounce; values are filtered by it. */
  debouncedSearch: string;
  /** Typed text may be added as a free search. */
  freeText: boolean;
  onDate: (data: string, operator: TokenOperator) => void;
}

/** What the filter bar offers: token types first, then the chosen type's values or a date editor. */
export function TokenDropdown(props: TokenDropdownProps) {
  const { definitions, pending, values, search, debouncedSearch, freeText, onDate } = props;
  const { t } = useTranslation();

  if (!pending) {
    const needle = search.trim().toLowerCase();
    const shown = definitions.filter((definition) => t(definition.label).toLowerCase().includes(needle));
    return (
      <ScrollArea.Autosize mah={320} type="scroll">
        <Combobox.Options aria-label={t('list.token_bar.choose_type')}>
          {shown.map((definition) => (
            <Combobox.Option key={definition.type} value={`${TYPE_OPTION}${definition.type}`}>
              {t(definition.label)}
            </Combobox.Option>
          ))}
        </Combobox.Options>
        {needle && freeText && (
          <Text size="xs" c="dimmed" px="sm" py={6}>
            {t('list.token_bar.press_enter_search')}
          </Text>
        )}
      </ScrollArea.Autosize>
    );
  }
  if (pending.kind === 'date') return <DateTokenEditor definition={pending} onAdd={onDate} />;
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
