import {
  LANGUAGE_CODE_MAX,
  completeness,
  translationLanguageBodySchema,
  type TranslationLanguage,
} from '@fleet/contract';
import { Anchor, Badge, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { useContractForm } from '../../hooks/use-contract-form';
import { addLanguageMutation, translationLanguagesQuery } from './api';

function LanguageForm({ finish }: { finish: (added: string | null) => void }) {
  const { t } = useTranslation();
  const form = useContractForm(translationLanguageBodySchema, { code: '', name: '' });
  const addLanguage = useMutation(addLanguageMutation);
  return (
    <ContractFormFrame
      form={form}
      save={(body) => addLanguage.mutateAsync(body)}
      onSaved={() => finish(form.values.name.trim())}
      onCancel={() => finish(null)}
      confirmLabel={t('translations.languages.add')}
    >
      <TextInput
        label={t('translations.languages.fields.code')}
        description={t('translations.languages.fields.code_hint')}
        value={form.values.code}
        onChange={(event) => form.set('code', event.currentTarget.value.trim())}
        error={form.error('code')}
        maxLength={LANGUAGE_CODE_MAX}
        required
        data-autofocus
      />
      <TextInput
        label={t('translations.languages.fields.name')}
        description={t('translations.languages.fields.name_hint')}
        value={form.values.name}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.error('name')}
        maxLength={60}
        required
      />
    </ContractFormFrame>
  );
}

function Completeness({ language }: { language: TranslationLanguage }) {
  const { t } = useTranslation();
  const percent = completeness(language.translated, language.keys);
  const label = t('translations.languages.completeness', {
    percent,
    translated: language.translated,
    keys: language.keys,
  });
  return (
    <Stack gap={4} miw={200}>
      <Progress value={percent} color={percent === 100 ? 'teal' : 'orange'} aria-label={label} />
      <Text size="xs">{label}</Text>
    </Stack>
  );
}

function useLanguageColumns(): DataColumn<TranslationLanguage>[] {
  const { t } = useTranslation();
  const canList = useCanUse('TRANSLATION.LIST');
  const missingLink = (code: string) =>
    `${paths.translationsList.path}?${new URLSearchParams({ language: code, State: 'missing' })}`;
  return [
    {
      prop: 'language',
      labelLang: 'translations.languages.columns.language',
      forceNormalWordBreak: true,
      cell: (language) => (
        <>
          <Text size="sm" fw={600}>
            {language.name}
          </Text>
          <Text size="xs" c="dimmed">
            {language.code}
          </Text>
        </>
      ),
    },
    {
      prop: 'origin',
      labelLang: 'translations.languages.columns.origin',
      type: 'status',
      cell: (language) => (
        <Badge variant="light" color={language.shipped ? 'gray' : 'blue'} miw="max-content">
          {t(language.shipped ? 'translations.languages.shipped' : 'translations.languages.added_here')}
        </Badge>
      ),
    },
    {
      prop: 'offered',
      labelLang: 'translations.languages.columns.offered',
      cell: (language) => (
        <Text size="sm">
          {t(language.offered ? 'translations.languages.offered' : 'translations.languages.not_offered')}
        </Text>
      ),
    },
    {
      prop: 'completeness',
      labelLang: 'translations.languages.columns.completeness',
      cell: (language) => (
        <>
          <Completeness language={language} />
          {canList && language.translated < language.keys && (
            <Anchor component={Link} to={missingLink(language.code)} size="xs">
              {t('translations.languages.show_missing')}
            </Anchor>
          )}
        </>
      ),
    },
    {
      prop: 'overrides',
      labelLang: 'translations.languages.columns.overrides',
      type: 'number',
      styleJustify: 'right',
      cell: (language) => language.overrides,
    },
  ];
}

/** The languages tab (TRANSLATION.LANGUAGES): shipped and added languages, their completeness; add one. */
export function LanguagesPage() {
  const { t } = useTranslation();
  const call = useQuery(translationLanguagesQuery);
  const columns = useLanguageColumns();
  const add = async () => {
    const added = await openDialog<string | null>(
      t('translations.languages.add_title'),
      (finish) => <LanguageForm finish={finish} />,
      null,
    );
    if (added === null) return;
    showSuccess(t('translations.languages.added', { name: added }));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={760}>
          {t('translations.languages.intro')}
        </Text>
        <Button onClick={() => void add()}>{t('translations.languages.add')}</Button>
      </Group>
      <CallState call={call}>
        {(data) => (
          <DataTable
            label={t('translations.tabs.languages')}
            columns={columns}
            items={data.languages}
            rowKey={(language) => language.code}
            minWidth={760}
          />
        )}
      </CallState>
    </Stack>
  );
}
