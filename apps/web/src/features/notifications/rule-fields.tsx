import {
  ALERT_CHANNELS,
  ALERT_RULE_HOURLY_CAP,
  alertThreshold,
  type AlertChannel,
  type Company,
} from '@fleet/contract';
import { Button, Fieldset, Group, Input, NumberInput, Select, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eventTypeName } from '../../components/notifications/notification-sentence';
import { messageKey } from '../../lib/message-key';
import type { RuleRow } from './rule-rows';

/** The company choice that means every company the user sees (a rule's null company). */
const ALL_COMPANIES = 'all';

interface RuleFieldsProps {
  row: RuleRow;
  /** The problem of one of the row's fields (`threshold`), in the user's words. */
  error: (field: keyof RuleRow) => string | undefined;
  change: (next: Partial<RuleRow>) => void;
  remove: () => void;
  /** The companies a staff member may narrow a rule to; null: the user's rules are their own company's. */
  companies: readonly Company[] | null;
}

/** One rule: its kind explained, its threshold in its unit, its channel, its company for staff, on or off. */
export function RuleFields({ row, error, change, remove, companies }: RuleFieldsProps) {
  const { t } = useTranslation();
  const name = eventTypeName(t, row.kind);
  const threshold = alertThreshold(row.kind);
  const kindError = error('kind');
  return (
    <Fieldset legend={name} variant="filled" radius="md">
      <Text size="sm" c="dimmed" mb="xs">
        {t(`notifications.kind.${messageKey(row.kind)}.text`)}
      </Text>
      {kindError && <Input.Error mb="xs">{kindError}</Input.Error>}
      <Group align="flex-start" gap="md" wrap="wrap">
        {threshold && (
          <NumberInput
            label={t(`notifications.rules.threshold_${threshold.unit}`)}
            description={t('notifications.rules.threshold_range', { min: threshold.min, max: threshold.max })}
            value={row.threshold ?? ''}
            onChange={(value) => change({ threshold: typeof value === 'number' ? value : '' })}
            error={error('threshold')}
            allowDecimal={false}
            allowNegative={false}
            w={200}
          />
        )}
        <Select
          label={t('notifications.rules.channel')}
          data={ALERT_CHANNELS.map((channel) => ({
            value: channel,
            label: t(`notifications.channel.${channel}`),
          }))}
          value={row.channel}
          onChange={(value) => value && change({ channel: value as AlertChannel })}
          error={error('channel')}
          allowDeselect={false}
          w={220}
        />
        {companies && (
          <Select
            label={t('notifications.rules.company')}
            data={[
              { value: ALL_COMPANIES, label: t('notifications.rules.all_companies') },
              ...companies.map((company) => ({ value: company.id, label: company.name })),
            ]}
            value={row.companyId ?? ALL_COMPANIES}
            onChange={(value) => change({ companyId: !value || value === ALL_COMPANIES ? null : value })}
            error={error('companyId')}
            allowDeselect={false}
            searchable
            w={240}
          />
        )}
        <Switch
          label={t('notifications.rules.enabled')}
          checked={row.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
          mt={30}
        />
        <Button
          variant="subtle"
          color="red"
          mt={24}
          onClick={remove}
          aria-label={t('notifications.rules.remove_of', { name })}
        >
          {t('notifications.rules.remove')}
        </Button>
      </Group>
      {row.heldBack > 0 && (
        <Text size="sm" c="orange.8" mt="xs">
          {t('notifications.rules.held_back', { count: row.heldBack, cap: ALERT_RULE_HOURLY_CAP })}
        </Text>
      )}
    </Fieldset>
  );
}
