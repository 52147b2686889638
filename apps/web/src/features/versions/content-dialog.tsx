import { Code, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { openModal } from '../../components/dialogs/open-dialog';
import { useDateFormat } from '../../hooks/use-date-format';
import { formatBytes } from '../../lib/format-bytes';
import { htmlLang, i18n } from '../../lib/i18n';
import { versionContentQueryOptions } from './api';

function ContentBody({ type, number }: { type: string; number: string }) {
  const { t, i18n: current } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(current.resolvedLanguage ?? 'en');
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
            <Table.ScrollContainer minWidth={420} mah={420}>
              <Table striped aria-label={t('versions.content.label')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('versions.content.name')}</Table.Th>
                    <Table.Th>{t('versions.content.size')}</Table.Th>
                    <Table.Th>{t('versions.content.modified')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.entries.map((entry) => (
                    <Table.Tr key={entry.name}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{entry.name}</Table.Td>
                      <Table.Td>{formatBytes(entry.size, locale)}</Table.Td>
                      {/* A zip keeps local times without a zone: shown as written. */}
                      <Table.Td>{entry.modifiedAt ? date.day(entry.modifiedAt.slice(0, 10)) : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
