import { CERTIFICATE_ISSUE_LIST, CERTIFICATE_ISSUE_TOKENS } from '@fleet/contract';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CalibrationBadge } from '../../components/calibration-badge';
import { ListContent } from '../../components/list/list-content';
import { ListSummary } from '../../components/list/list-summary';
import { Pager } from '../../components/list/pager';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { SerialNumberLink } from '../../components/serial-number-link';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { usePageInRange } from '../../hooks/use-page-in-range';
import { offsetListRequest } from '../../lib/list-request';
import { certificateIssuesQueryOptions } from './api';

const ISSUE_COLOURS = { expired: 'dark', expiring: 'orange', missing: 'gray', mismatch: 'red' } as const;

/**
 * Find issue (CERTIFICATES.FIND, docs/company-tools.md): devices whose latest certificate is expired or
 * expiring, names another serial number, or is missing, on the list engine.
 */
export function FindIssuePage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [list, dispatch] = useListState(CERTIFICATE_ISSUE_LIST, 'certificate-issues');
  const definitions = useAvailableTokens(CERTIFICATE_ISSUE_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Issue'
        ? definition.choices?.map((value) => ({ value, label: t(`certificates.issues.${value}`) }))
        : undefined,
    [t],
  );
  const issues = useQuery({
    ...certificateIssuesQueryOptions(offsetListRequest(list, filters)),
    enabled: !limitProblem,
  });
  useErrorToastOnce(issues, { action: 'certificates.issues', resetKey: JSON.stringify(filters) });
  usePageInRange(list, dispatch, issues.data?.totalCount);

  return (
    <Stack gap="md">
      <Text>{t('certificates.find.intro')}</Text>
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <ListSummary
        text={issues.data ? t('certificates.find.total', { count: issues.data.totalCount }) : null}
        refreshing={issues.isFetching && issues.data !== undefined}
      />
      <ListContent
        items={issues.data?.devices ?? null}
        failed={issues.isError && !issues.data}
        call={issues}
        empty={{ title: t('certificates.find.empty_title'), text: t('certificates.find.empty_text') }}
        filters={{ active: tokens.length > 0, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
        skeleton={{ kind: 'rows', count: Math.min(list.pageSize, 20) }}
        blocked={blocked}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover aria-label={t('certificates.find.table')}>
              <Table.Thead>
                <Table.Tr>
                  {['device', 'type', 'issue', 'status', 'certificate', 'end'].map((column) => (
                    <Table.Th key={column}>{t(`certificates.find.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((row) => (
                  <Table.Tr key={row.serialNumber} data-testid="certificate-issue">
                    <Table.Td>
                      <SerialNumberLink serialNumber={row.serialNumber} />
                    </Table.Td>
                    <Table.Td>{row.deviceType}</Table.Td>
                    <Table.Td>
                      <Badge color={ISSUE_COLOURS[row.issue]} variant="light" miw="max-content">
                        {t(`certificates.issues.${row.issue}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {row.status ? (
                        <CalibrationBadge
                          status={row.status}
                          label={t(`series.detail.certificates.status.${row.status.toLowerCase()}`)}
                        />
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">{row.certificateNumber ?? '—'}</Text>
                        {row.issue === 'mismatch' && (
                          <Text size="xs" c="red.9">
                            {t('certificates.find.document_names', {
                              serialNumber: row.documentSerialNumber,
                            })}
                          </Text>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {row.endOfValidityDate ? date.day(row.endOfValidityDate.slice(0, 10)) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListContent>
      {!limitProblem && (
        <Pager
          pageNumber={list.pageNumber}
          pageSize={list.pageSize}
          totalCount={issues.data?.totalCount ?? null}
          onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
          failed={issues.isError && !issues.data}
        />
      )}
    </Stack>
  );
}
