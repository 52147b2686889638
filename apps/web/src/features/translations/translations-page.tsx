import {
  TRANSLATION_LIST,
  TRANSLATION_STATES,
  TRANSLATION_TOKENS,
  fullKey,
  type TranslationEntry,
} from '@fleet/contract';
import { Code, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListControls } from '../../components/list/list-controls';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { removeOverrideMutation, saveOverrideMutation, translationKeysQuery } from './api';
import { LanguageTargetBar, SCREEN_KEYS, useLanguageTarget } from './language-target-bar';
import { TextColumnHeads, TextColumns, missingCellStyle } from './translation-cells';
import { useTextActions } from './use-text-actions';

/**
 * The translations tab (TRANSLATION.LIST): every key of the console's texts in a language for a target,
 * paged by the server; missing ones stand out and can be filtered; a text is edited in a dialog.
 */
export function TranslationsPage() {
  const { t } = useTranslation();
  const { language, target } = useLanguageTarget();
  const keys = useTokenList({
    definition: TRANSLATION_LIST,
    rememberAs: 'translations',
    keep: SCREEN_KEYS,
    tokens: TRANSLATION_TOKENS,
    query: (request) => {
      request.set('Target', target);
      return translationKeysQuery(language, request);
    },
    errorAction: 'translations.list',
  });
  const namespaces = keys.call.data?.namespaces;
  const options = useCallback<TokenOptions>(
    (definition) => {
      if (definition.type === 'Namespace')
        return namespaces?.map((namespace) => ({ value: namespace, label: namespace })) ?? null;
      if (definition.type === 'State')
        return TRANSLATION_STATES.map((state) => ({
          value: state,
          label: t(`translations.states.${state}`),
        }));
      return undefined;
    },
    [namespaces, t],
  );
  const actions = useTextActions(language, target);
  const saveOverride = useMutation(saveOverrideMutation);
  const removeOverride = useMutation(removeOverrideMutation);
  const edit = (entry: TranslationEntry) =>
    void actions.edit(fullKey(entry.namespace, entry.key), entry, (text) =>
      saveOverride.mutateAsync({
        language,
        body: { target, namespace: entry.namespace, key: entry.key, text },
      }),
    );
  const remove = (entry: TranslationEntry) =>
    void actions.remove(fullKey(entry.namespace, entry.key), () =>
      removeOverride.mutateAsync({ language, place: { target, namespace: entry.namespace, key: entry.key } }),
    );

  return (
    <Stack gap="md">
      <Text c="dimmed" maw={760}>
        {t('translations.list.intro')}
      </Text>
      <LanguageTargetBar />
      <TokenListFrame
        state={keys}
        items={(data) => data.keys}
        summary={(count) => t('translations.list.total', { count })}
        empty={{ title: t('translations.list.empty_title'), text: t('translations.list.empty_text') }}
        freeTextType="Search"
        options={options}
        controls={<ListControls list={keys.list} dispatch={keys.dispatch} />}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" aria-label={t('translations.list.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('translations.columns.key')}</Table.Th>
                  <TextColumnHeads language={language} source={t('translations.columns.english')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((entry) => {
                  const name = fullKey(entry.namespace, entry.key);
                  return (
                    <Table.Tr key={name} data-testid="translation-row">
                      <Table.Td maw={260} style={missingCellStyle(entry.state)}>
                        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{name}</Code>
                      </Table.Td>
                      <TextColumns
                        name={name}
                        entry={entry}
                        onEdit={() => edit(entry)}
                        onRemove={() => remove(entry)}
                      />
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </TokenListFrame>
    </Stack>
  );
}
