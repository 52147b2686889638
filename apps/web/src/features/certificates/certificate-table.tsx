import type { Certificate } from '@fleet/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/show-error';
import { SerialNumberLink } from '../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { openCertificateDocument } from './api';

const QUALITY_COLOURS = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

const openDocument = (certificate: Certificate) =>
  openCertificateDocument(certificate.id).catch((error: unknown) =>
    showError(error, 'certificates.document'),
  );

/** The columns of a certificate: its numbers, dates, who registered it, its quality, its buttons. */
function useCertificateColumns(actions: (certificate: Certificate) => ReactNode): DataColumn<Certificate>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  return [
    {
      prop: 'number',
      labelLang: 'certificates.list.columns.number',
      cell: (certificate) => (
        <Text span size="sm" fw={500}>
          {certificate.number}
        </Text>
      ),
    },
    {
      prop: 'device',
      labelLang: 'certificates.list.columns.device',
      cell: (certificate) =>
        certificate.serialNumber ? <SerialNumberLink serialNumber={certificate.serialNumber} /> : '—',
    },
    {
      prop: 'onDocument',
      labelLang: 'certificates.list.columns.on_document',
      cell: (certificate) => certificate.documentSerialNumber ?? '—',
    },
    {
      prop: 'calibration',
      labelLang: 'certificates.list.columns.calibration',
      type: 'date',
      cell: (certificate) => date.day(certificate.calibrationDate.slice(0, 10)),
    },
    {
      prop: 'end',
      labelLang: 'certificates.list.columns.end',
      type: 'date',
      cell: (certificate) => date.day(certificate.endOfValidityDate.slice(0, 10)),
    },
    {
      prop: 'laboratory',
      labelLang: 'certificates.list.columns.laboratory',
      forceNormalWordBreak: true,
      cell: (certificate) => certificate.laboratory ?? '—',
    },
    {
      prop: 'registered',
      labelLang: 'certificates.list.columns.registered',
      forceNormalWordBreak: true,
      cell: (certificate) => (
        <>
          <Text size="sm">{certificate.registeredBy ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {date.long(certificate.registeredAt)}
          </Text>
        </>
      ),
    },
    {
      prop: 'quality',
      labelLang: 'certificates.list.columns.quality',
      // Not a one-line status: the note under the badge is free text.
      forceNormalWordBreak: true,
      cell: (certificate) => (
        <>
          <Badge color={QUALITY_COLOURS[certificate.quality]} variant="light" miw="max-content">
            {t(`certificates.quality.${certificate.quality}`)}
          </Badge>
          {certificate.qualityNote && (
            <Text size="xs" c="dimmed">
              {certificate.qualityNote}
            </Text>
          )}
        </>
      ),
    },
    {
      prop: 'actions',
      labelLang: 'certificates.list.columns.actions',
      type: 'action',
      cell: (certificate) => (
        <Group gap={4} wrap="nowrap">
          {certificate.hasDocument && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => void openDocument(certificate)}
              aria-label={t('certificates.list.document_of', { number: certificate.number })}
            >
              {t('certificates.list.document')}
            </Button>
          )}
          {actions(certificate)}
        </Group>
      ),
    },
  ];
}

/** Registered certificates, each with its document and the actions of the tab that lists them. */
export function CertificateTable({
  certificates,
  label,
  actions,
}: {
  certificates: readonly Certificate[];
  label: string;
  actions: (certificate: Certificate) => ReactNode;
}) {
  const columns = useCertificateColumns(actions);
  return (
    <DataTable
      label={label}
      columns={columns}
      items={certificates}
      rowKey={(certificate) => String(certificate.id)}
      minWidth={900}
    />
  );
}
