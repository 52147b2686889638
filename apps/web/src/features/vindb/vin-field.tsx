import { VIN_LENGTH, checkVin, vinCheckDigit, vinFormatProblem } from '@fleet/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What the check digit of a typed VIN says: nothing while it is short or right, an error where it is
 * mandatory (North America, China), a warning elsewhere.
 */
export function useVinCheck(vin: string): { error: string | null; warning: string | null } {
  const { t } = useTranslation();
  const typed = vin.trim().toUpperCase();
  if (typed.length < VIN_LENGTH) return { error: null, warning: null };
  if (vinFormatProblem(typed)) return { error: t('vindb.problems.vin'), warning: null };
  const { problem, warning } = checkVin(typed);
  const expected = vinCheckDigit(typed);
  return {
    error: problem ? t('vindb.vehicle.check_digit_error', { expected }) : null,
    warning: warning ? t('vindb.vehicle.check_digit_warning', { expected }) : null,
  };
}

interface VinFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The form was sent with a VIN the contract refuses. */
  refused: boolean;
  autoFocus?: boolean;
}

/** A new vehicle's VIN, upper-cased as it is typed, its check digit told at once. */
export function VinField({ value, onChange, refused, autoFocus }: VinFieldProps) {
  const { t } = useTranslation();
  const check = useVinCheck(value);
  return (
    <TextInput
      label={t('vindb.fields.vin')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
      required
      maxLength={VIN_LENGTH}
      description={check.warning ?? t('vindb.vehicle.vin_hint')}
      error={check.error ?? (refused ? t('vindb.problems.vin') : undefined)}
      data-autofocus={autoFocus || undefined}
      styles={{
        input: { fontFamily: 'var(--mantine-font-family-monospace)' },
        ...(check.warning ? { description: { color: 'var(--mantine-color-orange-9)' } } : {}),
      }}
    />
  );
}

/** A field's name as its translation key writes it: `batteryReference` → `battery_reference`. */
export const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A chemistry's translation key (`lead-acid` → `vindb.chemistry.lead_acid`). */
export const chemistryKey = (chemistry: string) => `vindb.chemistry.${chemistry.replace(/-/g, '_')}`;
