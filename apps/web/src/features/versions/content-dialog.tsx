import type { VersionContent } from '@fleet/contract';
import { Code, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { openModal } from '../../components/dialogs/open-dialog';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { formatBytes } from '../../lib/format-bytes';
import { htmlLang, i18n } from '../../lib/i18n';
import { versionContentQueryOptions } from './api';

type ContentEntry = VersionContent['entries'][number];

/** The columns of an archive's files: name, size, and the day written. */
function useEntryColumns(): DataColumn<ContentEntry>[] {
  const { i18n: current } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(current.resolvedLanguage ?? 'en');
  return [
    { prop: 'name', labelLang: 'versions.content.name', cell: (entry) => entry.name },
    {
      prop: 'size',
      labelLang: 'versions.content.size',
      type: 'number',
      cell: (entry) => formatBytes(entry.size, locale),
    },
    {
      prop: 'modified',
      labelLang: 'versions.content.modified',
      type: 'date',
      // A zip keeps local times without a zone: shown as written.
      cell: (entry) => (entry.modifiedAt ? date.day(entry.modifiedAt.slice(0, 10)) : ''),
    },
  ];
}

function ContentBody({ type, number }: { type: string; number: string }) {
  const { t, i18n: current } = useTranslation();
  const locale = htmlLang(current.resolvedLanguage ?? 'en');
  const columns = useEntryColumns();
  const content = useQuery(versionContentQueryOptions(type, number));
  return (
    <CallState call={content}>
      {(answer) => (
        <Stack gap="sm">
          <Text size="sm">
            {answer.fileName} · {formatBytes(answer.size, locale)}
          </Text>
          <Text size="xs" c="dimmed">
            SHA-256 <Code>{answer.sha256}</Code>
          </Text>
          {!answer.archive && <Text c="dimmed">{t('versions.content.single_file')}</Text>}
          {answer.archive && (
            <ScrollArea.Autosize mah={420}>
              <DataTable
                label={t('versions.content.label')}
                columns={columns}
                items={answer.entries}
                rowKey={(entry) => entry.name}
                minWidth={420}
              />
            </ScrollArea.Autosize>
          )}
          {answer.truncated && (
            <Text size="sm" c="dimmed">
              {t('versions.content.truncated', { count: answer.entries.length })}
            </Text>
          )}
        </Stack>
      )}
    </CallState>
  );
}

/** What a version's file holds (VERSIONS.SEECONTENT). */
export function openContentDialog(type: string, number: string): void {
  openModal({
    title: i18n.t('versions.content.title', { version: `${type} ${number}` }),
    size: 'lg',
    children: <ContentBody type={type} number={number} />,
  });
}
