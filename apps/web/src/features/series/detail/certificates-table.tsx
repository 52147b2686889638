import type { certificateEntrySchema } from '@fleet/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CalibrationBadge } from '../../../components/calibration-badge';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import { useDateFormat } from '../../../hooks/use-date-format';

type CertificateEntry = z.infer<typeof certificateEntrySchema>;

function CertificateStatus({ status }: { status: CertificateEntry['status'] }) {
  const { t } = useTranslation();
  return (
    <CalibrationBadge
      status={status}
      label={t(`series.detail.certificates.status.${status.toLowerCase()}`)}
    />
  );
}

/** A device's calibration certificates, newest first, each with its status in the spec's colours. */
export function CertificatesTable({ certificates }: { certificates: readonly CertificateEntry[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (certificates.length === 0) return <Text c="dimmed">{t('series.detail.certificates.none')}</Text>;
  const check = (passed: boolean | null) =>
    t(`series.detail.certificates.check.${passed === null ? 'unknown' : passed ? 'passed' : 'failed'}`);
  const columns: DataColumn<CertificateEntry>[] = [
    {
      prop: 'number',
      labelLang: 'series.detail.certificates.number',
      cell: (certificate) => certificate.number,
    },
    {
      prop: 'calibrationDate',
      labelLang: 'series.detail.certificates.calibration_date',
      type: 'date',
      cell: (certificate) => date.short(certificate.calibrationDate),
    },
    {
      prop: 'endOfValidityDate',
      labelLang: 'series.detail.certificates.end_of_validity',
      type: 'date',
      cell: (certificate) => date.short(certificate.endOfValidityDate),
    },
    {
      prop: 'checkPassed',
      labelLang: 'series.detail.certificates.check_column',
      cell: (certificate) => check(certificate.checkPassed),
    },
    {
      prop: 'status',
      labelLang: 'series.detail.certificates.status_column',
      type: 'status',
      cell: (certificate) => <CertificateStatus status={certificate.status} />,
    },
  ];
  return (
    <DataTable
      label={t('series.detail.tabs.certificates')}
      columns={columns}
      items={certificates}
      rowKey={(certificate) => certificate.number}
      minWidth={640}
    />
  );
}
