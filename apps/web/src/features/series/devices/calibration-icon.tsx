import { CERTIFICATE_COLOURS, TIMING, type CertificateValidity } from '@fleet/contract';
import { ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CrossIcon, GaugeIcon } from '../../../components/icons';
import { useDateFormat } from '../../../hooks/use-date-format';

/** Spec §3: Ok green, Warning yellow, Urgent red, Expired dark with a cross; nothing without a certificate. */
export function CalibrationIcon({ validity }: { validity: CertificateValidity | undefined }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const detailId = useId();
  if (!validity?.status) return null;
  const { status, daysBeforeInvalidCalibration: days, endOfValidityDate: end } = validity;
  const expired = status === 'Expired';
  const name = t('series.calibration.label', {
    status: t(`series.calibration.status.${status.toLowerCase()}`),
  });
  const lines = [
    name,
    !expired && days !== null && t('series.calibration.days_left', { days }),
    end &&
      t(expired ? 'series.calibration.expired_on' : 'series.calibration.valid_until', {
        date: date.short(end),
      }),
  ].filter(Boolean);

  const detail = lines.join(' · ');
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
