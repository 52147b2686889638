import { Badge, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An active or inactive badge: nothing is deleted, it is switched off. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'} miw="max-content">
      {t(active ? 'common.record.active' : 'common.record.inactive')}
    </Badge>
  );
}

/** Whether a record is offered: nothing is deleted, it is switched off. */
export function ActiveField({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('common.record.offered')}
      description={t('common.record.offered_hint')}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
