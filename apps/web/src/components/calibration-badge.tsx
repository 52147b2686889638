import { CERTIFICATE_COLOURS } from '@fleet/contract';
import { Badge } from '@mantine/core';
import { CrossIcon } from './icons';

/**
 * A calibration status in the spec's colours: Ok green, Warning yellow, Urgent red, Expired dark with a
 * cross (devices §3, jobs §4). `label` is the status in the user's words.
 */
export function CalibrationBadge({
  status,
  label,
}: {
  status: keyof typeof CERTIFICATE_COLOURS;
  label: string;
}) {
  const expired = status === 'Expired';
  return (
    <Badge
      color={CERTIFICATE_COLOURS[status]}
      variant="filled"
      tt="none"
      leftSection={expired ? <CrossIcon size={12} strokeWidth={3} /> : undefined}
      // Expired is dark; an outline keeps it apart from a dark page.
      style={expired ? { outline: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      {label}
    </Badge>
  );
}
