import { Alert, Anchor, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { licencesPage, licencesQueryOptions, LICENCES_PAGE_SIZE } from './licences';

export function LicenceTable() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(licencesQueryOptions);
  const [page, setPage] = useState(1);

  if (isPending) return <Loader role="status" aria-label={t('about.licences.loading')} />;
  if (isError) return <Alert color="red">{t('about.licences.error')}</Alert>;

  const pages = Math.ceil(data.length / LICENCES_PAGE_SIZE);
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={t('about.licences.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('about.licences.name')}</Table.Th>
              <Table.Th>{t('about.licences.author')}</Table.Th>
              <Table.Th>{t('about.licences.type')}</Table.Th>
              <Table.Th>{t('about.licences.link')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {licencesPage(data, page).map((entry) => (
              <Table.Tr key={`${entry.name}@${entry.version}`}>
                <Table.Td>
                  {entry.name}{' '}
                  <Text span c="dimmed" size="xs">
                    {entry.version}
                  </Text>
                </Table.Td>
                <Table.Td>{entry.author ?? '—'}</Table.Td>
                <Table.Td>{entry.license ?? '—'}</Table.Td>
                <Table.Td>
                  {entry.link ? (
                    <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm">
                      {entry.link.replace(/^https?:\/\//, '')}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('about.licences.pages')} />
        </Group>
      )}
    </>
  );
}
