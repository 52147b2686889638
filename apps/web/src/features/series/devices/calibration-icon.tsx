import { calibrationReading, CERTIFICATE_COLOURS, TIMING, type CertificateValidity } from '@fleet/contract';
import { ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CrossIcon, GaugeIcon } from '../../../components/icons';
import { useDateFormat } from '../../../hooks/use-date-format';

/**
 * Spec §3: Ok green, Warning yellow, Urgent red, Expired dark with a cross; nothing without a certificate.
 * The words follow spec §4's rule: an Expired status on a certificate still valid is a failed calibration
 * check, told with the calibration date; only a validity that ran out "ended on" its date.
 */
export function CalibrationIcon({ validity }: { validity: CertificateValidity | undefined }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const detailId = useId();
  const reading = calibrationReading(validity);
  if (!validity?.status || !reading) return null;
  const { status } = validity;
  const expired = status === 'Expired';
  const name = t('series.calibration.label', {
    status: t(`series.calibration.status.${status.toLowerCase()}`),
  });
  const on = (key: string, value: string | null) => value && t(key, { date: date.short(value) });
  const lines = [name];
  switch (reading.reason) {
    case 'check_failed':
      lines.push(t('series.calibration.check_failed'));
      lines.push(on('series.calibration.calibrated_on', reading.date) || '');
      break;
    case 'ended':
      lines.push(on('series.calibration.expired_on', reading.date) || '');
      break;
    case 'valid':
      if (reading.days !== null) lines.push(t('series.calibration.days_left', { days: reading.days }));
      lines.push(on('series.calibration.valid_until', reading.date) || '');
      break;
  }

  const detail = lines.filter(Boolean).join(' · ');
  return (
    <>
      <Tooltip
        label={detail}
        openDelay={TIMING.popoverDelayMs}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
      >
        <ThemeIcon
          role="img"
          aria-label={name}
          aria-describedby={detailId}
          tabIndex={0}
          radius="xl"
          size="md"
          color={CERTIFICATE_COLOURS[status]}
          variant="filled"
          style={expired ? { outline: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          {expired ? <CrossIcon size={14} strokeWidth={3} /> : <GaugeIcon size={14} />}
        </ThemeIcon>
      </Tooltip>
      <VisuallyHidden id={detailId}>{detail}</VisuallyHidden>
    </>
  );
}
