import { Alert, Anchor, Group, Loader, Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { licencesPage, licencesQueryOptions, LICENCES_PAGE_SIZE, type LicenceEntry } from './licences';

const COLUMNS: DataColumn<LicenceEntry>[] = [
  {
    prop: 'name',
    labelLang: 'about.licences.name',
    cell: (entry) => (
      <>
        {entry.name}{' '}
        <Text span c="dimmed" size="xs">
          {entry.version}
        </Text>
      </>
    ),
  },
  {
    prop: 'author',
    labelLang: 'about.licences.author',
    forceNormalWordBreak: true,
    cell: (entry) => entry.author ?? '—',
  },
  { prop: 'license', labelLang: 'about.licences.type', cell: (entry) => entry.license ?? '—' },
  {
    prop: 'link',
    labelLang: 'about.licences.link',
    cell: (entry) =>
      entry.link ? (
        <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm">
          {entry.link.replace(/^https?:\/\//, '')}
        </Anchor>
      ) : (
        '—'
      ),
  },
];

export function LicenceTable() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(licencesQueryOptions);
  const [page, setPage] = useState(1);

  if (isPending) return <Loader role="status" aria-label={t('about.licences.loading')} />;
  if (isError) return <Alert color="red">{t('about.licences.error')}</Alert>;

  const pages = Math.ceil(data.length / LICENCES_PAGE_SIZE);
  return (
    <>
      <DataTable
        label={t('about.licences.title')}
        columns={COLUMNS}
        items={licencesPage(data, page)}
        rowKey={(entry) => `${entry.name}@${entry.version}`}
        minWidth={560}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('about.licences.pages')} />
        </Group>
      )}
    </>
  );
}
