import {
  TRANSLATION_LIST,
  TRANSLATION_STATES,
  TRANSLATION_TOKENS,
  fullKey,
  type TranslationEntry,
} from '@fleet/contract';
import { Code, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import type { DataColumn } from '../../components/table/data-table';
import { removeOverrideMutation, saveOverrideMutation, translationKeysQuery } from './api';
import { LanguageTargetBar, SCREEN_KEYS, useLanguageTarget } from './language-target-bar';
import { RowStart, textColumns } from './translation-cells';
import { useTextActions } from './use-text-actions';

const nameOf = (entry: TranslationEntry) => fullKey(entry.namespace, entry.key);

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
    void actions.edit(nameOf(entry), entry, (text) =>
      saveOverride.mutateAsync({
        language,
        body: { target, namespace: entry.namespace, key: entry.key, text },
      }),
    );
  const remove = (entry: TranslationEntry) =>
    void actions.remove(nameOf(entry), () =>
      removeOverride.mutateAsync({ language, place: { target, namespace: entry.namespace, key: entry.key } }),
    );
  const columns: DataColumn<TranslationEntry>[] = [
    {
      prop: 'key',
      labelLang: 'translations.columns.key',
      cell: (entry) => (
        <RowStart state={entry.state}>
          <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{nameOf(entry)}</Code>
        </RowStart>
      ),
    },
    ...textColumns(t, language, 'translations.columns.english', { name: nameOf, edit, remove }),
  ];

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
        table={{ label: t('translations.list.table'), columns, rowKey: nameOf, minWidth: 900 }}
      />
    </Stack>
  );
}
