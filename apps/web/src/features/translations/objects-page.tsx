import { TRANSLATION_OBJECT_KIND_NAMES, TRANSLATION_STATES, type TranslationObject } from '@fleet/contract';
import { Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { removeObjectMutation, saveObjectMutation, translationObjectsQuery } from './api';
import { LanguageTargetBar, useLanguageTarget } from './language-target-bar';
import { RowStart, textColumns } from './translation-cells';
import { useTextActions } from './use-text-actions';

const ANY = 'any';

interface Filters {
  kind: string;
  state: string;
  search: string;
}

/** The objects the filters keep: a few hundred at most, filtered here. */
export function filterObjects(objects: readonly TranslationObject[], filters: Filters): TranslationObject[] {
  const needle = filters.search.trim().toLowerCase();
  return objects.filter(
    (object) =>
      (filters.kind === ANY || object.kind === filters.kind) &&
      (filters.state === ANY || object.state === filters.state) &&
      (!needle ||
        [object.code, object.english, object.bundled, object.override, object.inherited].some((text) =>
          text?.toLowerCase().includes(needle),
        )),
  );
}

/**
 * The objects tab (TRANSLATION.OBJECTS): translatable data (device, job, order and package statuses,
 * payment methods, SKU names) in a language for a target, each edited like a text.
 */
export function ObjectsPage() {
  const { t } = useTranslation();
  const { language, target } = useLanguageTarget();
  const call = useQuery(translationObjectsQuery(language, target));
  const [filters, setFilters] = useState<Filters>({ kind: ANY, state: ANY, search: '' });
  const actions = useTextActions(language, target);
  const saveObject = useMutation(saveObjectMutation);
  const removeObject = useMutation(removeObjectMutation);
  const kindLabel = (kind: string) => t(`translations.objects.kinds.${kind}`);
  const nameOf = (object: TranslationObject) => `${kindLabel(object.kind)} ${object.code}`;
  const place = (object: TranslationObject) => ({ target, kind: object.kind, code: object.code });
  const columns: DataColumn<TranslationObject>[] = [
    {
      prop: 'kind',
      labelLang: 'translations.objects.kind',
      cell: (object) => <RowStart state={object.state}>{kindLabel(object.kind)}</RowStart>,
    },
    { prop: 'code', labelLang: 'translations.objects.code', cell: (object) => <Code>{object.code}</Code> },
    ...textColumns<TranslationObject>(t, language, 'translations.objects.source', {
      name: nameOf,
      edit: (object) =>
        void actions.edit(nameOf(object), object, (text) =>
          saveObject.mutateAsync({ language, body: { ...place(object), text } }),
        ),
      remove: (object) =>
        void actions.remove(nameOf(object), () =>
          removeObject.mutateAsync({ language, place: place(object) }),
        ),
    }),
  ];

  return (
    <Stack gap="md">
      <Text c="dimmed" maw={760}>
        {t('translations.objects.intro')}
      </Text>
      <LanguageTargetBar />
      <Group gap="md" align="flex-end">
        <Select
          label={t('translations.objects.kind')}
          data={[
            { value: ANY, label: t('translations.objects.any_kind') },
            ...TRANSLATION_OBJECT_KIND_NAMES.map((kind) => ({ value: kind, label: kindLabel(kind) })),
          ]}
          value={filters.kind}
          onChange={(kind) => setFilters({ ...filters, kind: kind ?? ANY })}
          allowDeselect={false}
          w={220}
        />
        <Select
          label={t('translations.filters.state')}
          data={[
            { value: ANY, label: t('translations.objects.any_state') },
            ...TRANSLATION_STATES.map((state) => ({
              value: state,
              label: t(`translations.states.${state}`),
            })),
          ]}
          value={filters.state}
          onChange={(state) => setFilters({ ...filters, state: state ?? ANY })}
          allowDeselect={false}
          w={180}
        />
        <TextInput
          label={t('translations.filters.search')}
          value={filters.search}
          onChange={(event) => setFilters({ ...filters, search: event.currentTarget.value })}
          maxLength={100}
          w={240}
        />
      </Group>
      <CallState call={call}>
        {(data) => {
          const shown = filterObjects(data.objects, filters);
          return (
            <>
              <Text size="sm" role="status">
                {t('translations.objects.total', { count: shown.length })}
              </Text>
              <DataTable
                label={t('translations.tabs.objects')}
                columns={columns}
                items={shown}
                rowKey={(object) => `${object.kind}/${object.code}`}
                minWidth={900}
              />
            </>
          );
        }}
      </CallState>
    </Stack>
  );
}
