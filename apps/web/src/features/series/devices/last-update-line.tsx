import type { UpdateEntry } from '@fleet/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';

/**
 * A device's newest update on its card (`POST /Updates/DevicesLastUpdate`): `undefined` while unknown or
 * not the user's to see, null when the device was never updated.
 */
export function LastUpdateLine({ update }: { update: UpdateEntry | null | undefined }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (update === undefined) return null;
  if (update === null)
    return (
      <Text size="xs" c="dimmed">
        {t('series.card.last_update.none')}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" lineClamp={1}>
      {/* The subject as the device reported it (Software, Database), as the update history shows it. */}
      {update.subject} ·{' '}
      {t(`series.card.last_update.${update.state}`, {
        version: update.toVersion,
        date: date.short(update.updateDate),
      })}
    </Text>
  );
}
