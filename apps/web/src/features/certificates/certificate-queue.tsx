import type { Certificate } from '@fleet/contract';
import { Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { certificatesQueryOptions } from './api';
import { CertificateTable } from './certificate-table';

const PAGE_SIZE = 20;

/** A tab's work queue of certificates (those to assign, those to review), oldest registered first. */
export function CertificateQueue({
  filter,
  label,
  intro,
  empty,
  actions,
}: {
  filter: Record<string, string>;
  label: string;
  intro: string;
  empty: string;
  actions: (certificate: Certificate) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({
    ...filter,
    SortColumnName: 'RegisteredAt',
    SortOrder: 'ASC',
    PageSize: String(PAGE_SIZE),
    PageNumber: String(page),
  });
  const certificates = useQuery(certificatesQueryOptions(query));
  return (
    <Stack gap="md">
      <Text>{intro}</Text>
      <CallState call={certificates}>
        {(data) =>
          data.totalCount === 0 ? (
            <Text c="dimmed">{empty}</Text>
          ) : (
            <>
              <Text fw={600}>{t('certificates.list.total', { count: data.totalCount })}</Text>
              <CertificateTable certificates={data.certificates} label={label} actions={actions} />
              {data.totalCount > PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(data.totalCount / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
                />
              )}
            </>
          )
        }
      </CallState>
    </Stack>
  );
}
