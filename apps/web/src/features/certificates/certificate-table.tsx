import type { Certificate } from '@fleet/contract';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/show-error';
import { SerialNumberLink } from '../../components/serial-number-link';
import { useDateFormat } from '../../hooks/use-date-format';
import { openCertificateDocument } from './api';

const QUALITY_COLOURS = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

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
  const { t } = useTranslation();
  const date = useDateFormat();
  const open = (certificate: Certificate) =>
    openCertificateDocument(certificate.id).catch((error: unknown) =>
      showError(error, 'certificates.document'),
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {[
              'number',
              'device',
              'on_document',
              'calibration',
              'end',
              'laboratory',
              'registered',
              'quality',
              'actions',
            ].map((column) => (
              <Table.Th key={column}>{t(`certificates.list.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((certificate) => (
            <Table.Tr key={certificate.id} data-testid="certificate">
              <Table.Td fw={500}>{certificate.number}</Table.Td>
              <Table.Td>
                {certificate.serialNumber ? (
                  <SerialNumberLink serialNumber={certificate.serialNumber} />
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{certificate.documentSerialNumber ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {date.day(certificate.calibrationDate.slice(0, 10))}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {date.day(certificate.endOfValidityDate.slice(0, 10))}
              </Table.Td>
              <Table.Td>{certificate.laboratory ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm">{certificate.registeredBy ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {date.long(certificate.registeredAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={QUALITY_COLOURS[certificate.quality]} variant="light" miw="max-content">
                  {t(`certificates.quality.${certificate.quality}`)}
                </Badge>
                {certificate.qualityNote && (
                  <Text size="xs" c="dimmed">
                    {certificate.qualityNote}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {certificate.hasDocument && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => void open(certificate)}
                      aria-label={t('certificates.list.document_of', { number: certificate.number })}
                    >
                      {t('certificates.list.document')}
                    </Button>
                  )}
                  {actions(certificate)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
