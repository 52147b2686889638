import { CERTIFICATE_ISSUE_LIST, CERTIFICATE_ISSUE_TOKENS, type CertificateIssueRow } from '@fleet/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CalibrationBadge } from '../../components/calibration-badge';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { SerialNumberLink } from '../../components/serial-number-link';
import type { DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { certificateIssuesQueryOptions } from './api';

const ISSUE_COLOURS = { expired: 'dark', expiring: 'orange', missing: 'gray', mismatch: 'red' } as const;

/** The issues table's columns: the device, its issue, and its latest certificate. */
function useIssueColumns(): DataColumn<CertificateIssueRow>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  return [
    {
      prop: 'device',
      labelLang: 'certificates.find.columns.device',
      cell: (row) => <SerialNumberLink serialNumber={row.serialNumber} />,
    },
    { prop: 'type', labelLang: 'certificates.find.columns.type', cell: (row) => row.deviceType },
    {
      prop: 'issue',
      labelLang: 'certificates.find.columns.issue',
      type: 'status',
      cell: (row) => (
        <Badge color={ISSUE_COLOURS[row.issue]} variant="light" miw="max-content">
          {t(`certificates.issues.${row.issue}`)}
        </Badge>
      ),
    },
    {
      prop: 'status',
      labelLang: 'certificates.find.columns.status',
      type: 'status',
      cell: (row) =>
        row.status ? (
          <CalibrationBadge
            status={row.status}
            label={t(`series.detail.certificates.status.${row.status.toLowerCase()}`)}
          />
        ) : (
          '—'
        ),
    },
    {
      prop: 'certificate',
      labelLang: 'certificates.find.columns.certificate',
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{row.certificateNumber ?? '—'}</Text>
          {row.issue === 'mismatch' && (
            <Text size="xs" c="red.9">
              {t('certificates.find.document_names', { serialNumber: row.documentSerialNumber })}
            </Text>
          )}
        </Group>
      ),
    },
    {
      prop: 'end',
      labelLang: 'certificates.find.columns.end',
      type: 'date',
      cell: (row) => (row.endOfValidityDate ? date.day(row.endOfValidityDate.slice(0, 10)) : '—'),
    },
  ];
}

/**
 * Find issue (CERTIFICATES.FIND, docs/company-tools.md): devices whose latest certificate is expired or
 * expiring, names another serial number, or is missing, on the list engine.
 */
export function FindIssuePage() {
  const { t } = useTranslation();
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
  const columns = useIssueColumns();

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
        table={{
          label: t('certificates.find.table'),
          columns,
          rowKey: (row) => row.serialNumber,
          minWidth: 760,
        }}
      />
    </Stack>
  );
}
