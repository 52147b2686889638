import type { TranslationTarget, TranslationTargetSummary } from '@fleet/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useFeatureCheck } from '../../hooks/use-can-use';
import { messageKey } from '../../lib/message-key';
import { translationTargetsQuery } from './api';
import { useTargetLabel } from './language-target-bar';

/** The translations tab showing a language's overrides for a target. */
export function overridesLink(language: string, target: TranslationTarget): string {
  const query = new URLSearchParams({ language, target, State: 'overridden' });
  return `${paths.translationsList.path}?${query}`;
}

/** The objects tab for a language and target. */
export function objectsLink(language: string, target: TranslationTarget): string {
  return `${paths.translationsObjects.path}?${new URLSearchParams({ language, target })}`;
}

/** A target's overrides per language: its texts and its catalogue names, each a link where allowed. */
function LanguageLinks({ row }: { row: TranslationTargetSummary }) {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  if (row.languages.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('translations.targets.no_overrides')}
      </Text>
    );
  return (
    <Group gap="xs">
      {row.languages.flatMap(({ language, overrides, objects }) =>
        [
          {
            key: `${language}-texts`,
            count: overrides - objects,
            text: t('translations.targets.in_language', { language, count: overrides - objects }),
            to: overridesLink(language, row.target),
            feature: paths.translationsList.feature,
          },
          {
            key: `${language}-objects`,
            count: objects,
            text: t('translations.targets.objects_in_language', { language, count: objects }),
            to: objectsLink(language, row.target),
            feature: paths.translationsObjects.feature,
          },
        ]
          .filter((link) => link.count > 0)
          .map((link) =>
            canUse(link.feature) ? (
              <Anchor key={link.key} component={Link} to={link.to} size="sm">
                {link.text}
              </Anchor>
            ) : (
              <Text key={link.key} size="sm">
                {link.text}
              </Text>
            ),
          ),
      )}
    </Group>
  );
}

function useTargetColumns(): DataColumn<TranslationTargetSummary>[] {
  const { t } = useTranslation();
  const targetLabel = useTargetLabel();
  return [
    {
      prop: 'target',
      labelLang: 'translations.targets.columns.target',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {targetLabel(row.target)}
          </Text>
          {row.current && row.target !== 'all' && (
            <Badge variant="light" miw="max-content">
              {t('translations.targets.this_console')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      prop: 'for',
      labelLang: 'translations.targets.columns.for',
      forceNormalWordBreak: true,
      cell: (row) => (
        <Text size="sm" maw={360}>
          {t(`translations.targets.descriptions.${messageKey(row.target)}`)}
        </Text>
      ),
    },
    {
      prop: 'overrides',
      labelLang: 'translations.targets.columns.overrides',
      type: 'number',
      styleJustify: 'right',
      cell: (row) => row.overrides,
    },
    {
      prop: 'languages',
      labelLang: 'translations.targets.columns.languages',
      cell: (row) => <LanguageLinks row={row} />,
    },
  ];
}

/**
 * The targets tab (TRANSLATION.TARGETS): "all" and each product variant, what each is for, which this
 * console loads, and their overrides per language.
 */
export function TargetsPage() {
  const { t } = useTranslation();
  const call = useQuery(translationTargetsQuery);
  const columns = useTargetColumns();
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={760}>
        {t('translations.targets.intro')}
      </Text>
      <CallState call={call}>
        {(data) => (
          <DataTable
            label={t('translations.tabs.targets')}
            columns={columns}
            items={data.targets}
            rowKey={(row) => row.target}
            minWidth={640}
          />
        )}
      </CallState>
    </Stack>
  );
}
