import { CERTIFICATE_ISSUE_LIST, CERTIFICATE_ISSUE_TOKENS } from '@fleet/contract';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CalibrationBadge } from '../../components/calibration-badge';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { SerialNumberLink } from '../../components/serial-number-link';
import { useDateFormat } from '../../hooks/use-date-format';
import { certificateIssuesQueryOptions } from './api';

const ISSUE_COLOURS = { expired: 'dark', expiring: 'orange', missing: 'gray', mismatch: 'red' } as const;

/**
 * Find issue (CERTIFICATES.FIND, docs/company-tools.md): devices whose latest certificate is expired or
 * expiring, names another serial number, or is missing, on the list engine.
 */
export function FindIssuePage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const issues = useTokenList({
    definition: CERTIFICATE_ISSUE_LIST,
    rememberAs: 'certificate-issues',
    tokens: CERTIFICATE_ISSUE_TOKENS,
    query: certificateIssuesQueryOptions,
    errorAction: 'certificates.issues',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Issue'
        ? definition.choices?.map((value) => ({ value, label: t(`certificates.issues.${value}`) }))
        : undefined,
    [t],
  );

  return (
    <Stack gap="md">
      <Text>{t('certificates.find.intro')}</Text>
      <TokenListFrame
        state={issues}
        items={(data) => data.devices}
        summary={(count) => t('certificates.find.total', { count })}
        empty={{ title: t('certificates.find.empty_title'), text: t('certificates.find.empty_text') }}
        freeTextType="Search"
        options={options}
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
      </TokenListFrame>
    </Stack>
  );
}
