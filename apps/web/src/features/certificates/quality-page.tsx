import type { Certificate } from '@fleet/contract';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { prompt } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { reviewCertificateMutation } from './api';
import { CertificateQueue } from './certificate-queue';

/** Quality checks: registered certificates waiting for review, approved or rejected with a reason. */
export function QualityPage() {
  const { t } = useTranslation();
  const reviewing = useMutation(reviewCertificateMutation);
  const review = async (certificate: Certificate, quality: 'approved' | 'rejected') => {
    let note: string | undefined;
    if (quality === 'rejected') {
      const answer = await prompt({
        title: t('certificates.quality_checks.reject_title', { number: certificate.number }),
        label: t('certificates.quality_checks.reason'),
        confirmLabel: t('certificates.quality_checks.reject'),
        validate: (value) => (value.trim() ? null : { error: t('certificates.register.required') }),
      });
      if (!answer) return;
      note = answer.value.trim();
    }
    try {
      await reviewing.mutateAsync({ id: certificate.id, review: { quality, ...(note ? { note } : {}) } });
      showSuccess(t(`certificates.quality_checks.${quality}`, { number: certificate.number }));
    } catch (error) {
      showError(error, 'certificates.quality');
    }
  };
  return (
    <CertificateQueue
      filter={{ Quality: 'pending' }}
      label={t('certificates.quality_checks.table')}
      intro={t('certificates.quality_checks.intro')}
      empty={t('certificates.quality_checks.empty')}
      actions={(certificate) => (
        <>
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            onClick={() => void review(certificate, 'approved')}
            aria-label={t('certificates.quality_checks.approve_of', { number: certificate.number })}
          >
            {t('certificates.quality_checks.approve')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => void review(certificate, 'rejected')}
            aria-label={t('certificates.quality_checks.reject_of', { number: certificate.number })}
          >
            {t('certificates.quality_checks.reject')}
          </Button>
        </>
      )}
    />
  );
}
