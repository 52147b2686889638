import type { Certificate } from '@fleet/contract';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { prompt } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { assignCertificateMutation } from './api';
import { CertificateQueue } from './certificate-queue';

/** Assign (CERTIFICATES.ASSIGN): certificates registered without a device, each given its device. */
export function AssignPage() {
  const { t } = useTranslation();
  const assignment = useMutation(assignCertificateMutation);
  const assign = async (certificate: Certificate) => {
    const answer = await prompt({
      title: t('certificates.assign.title', { number: certificate.number }),
      label: t('certificates.assign.serial_number'),
      description: t('certificates.assign.hint'),
      initialValue: certificate.documentSerialNumber ?? '',
      confirmLabel: t('certificates.assign.confirm'),
      validate: (value) => (value.trim() ? null : { error: t('certificates.register.required') }),
    });
    if (!answer) return;
    try {
      const assigned = await assignment.mutateAsync({
        id: certificate.id,
        serialNumber: answer.value.trim(),
      });
      showSuccess(
        t('certificates.assign.done', { number: assigned.number, serialNumber: assigned.serialNumber }),
      );
    } catch (error) {
      showError(error, 'certificates.assign');
    }
  };
  return (
    <CertificateQueue
      filter={{ Assigned: 'false' }}
      label={t('certificates.assign.table')}
      intro={t('certificates.assign.intro')}
      empty={t('certificates.assign.empty')}
      actions={(certificate) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void assign(certificate)}
          aria-label={t('certificates.assign.action_of', { number: certificate.number })}
        >
          {t('certificates.assign.action')}
        </Button>
      )}
    />
  );
}
