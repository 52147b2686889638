import type { certificateEntrySchema } from '@fleet/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CalibrationBadge } from '../../../components/calibration-badge';
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
  const column = (key: string) => <Table.Th>{t(`series.detail.certificates.${key}`)}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={t('series.detail.tabs.certificates')}>
        <Table.Thead>
          <Table.Tr>
            {column('number')}
            {column('calibration_date')}
            {column('end_of_validity')}
            {column('check_column')}
            {column('status_column')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((certificate) => (
            <Table.Tr key={certificate.number}>
              <Table.Td>{certificate.number}</Table.Td>
              <Table.Td>{date.short(certificate.calibrationDate)}</Table.Td>
              <Table.Td>{date.short(certificate.endOfValidityDate)}</Table.Td>
              <Table.Td>{check(certificate.checkPassed)}</Table.Td>
              <Table.Td>
                <CertificateStatus status={certificate.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
