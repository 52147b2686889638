import type { TranslationTarget } from '@fleet/contract';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
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

/**
 * The targets tab (TRANSLATION.TARGETS): "all" and each product variant, what each is for, which this
 * console loads, and their overrides per language.
 */
export function TargetsPage() {
  const { t } = useTranslation();
  const call = useQuery(translationTargetsQuery);
  const targetLabel = useTargetLabel();
  const canUse = useFeatureCheck();
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={760}>
        {t('translations.targets.intro')}
      </Text>
      <CallState call={call}>
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label={t('translations.tabs.targets')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('translations.targets.columns.target')}</Table.Th>
                  <Table.Th>{t('translations.targets.columns.for')}</Table.Th>
                  <Table.Th ta="right">{t('translations.targets.columns.overrides')}</Table.Th>
                  <Table.Th>{t('translations.targets.columns.languages')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.targets.map((row) => (
                  <Table.Tr key={row.target} data-testid="target-row">
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td maw={360}>
                      <Text size="sm">
                        {t(`translations.targets.descriptions.${messageKey(row.target)}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{row.overrides}</Table.Td>
                    <Table.Td>
                      {row.languages.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('translations.targets.no_overrides')}
                        </Text>
                      ) : (
                        <Group gap="xs">
                          {row.languages.flatMap(({ language, overrides, objects }) =>
                            [
                              {
                                key: `${language}-texts`,
                                count: overrides - objects,
                                text: t('translations.targets.in_language', {
                                  language,
                                  count: overrides - objects,
                                }),
                                to: overridesLink(language, row.target),
                                feature: paths.translationsList.feature,
                              },
                              {
                                key: `${language}-objects`,
                                count: objects,
                                text: t('translations.targets.objects_in_language', {
                                  language,
                                  count: objects,
                                }),
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
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </CallState>
    </Stack>
  );
}
