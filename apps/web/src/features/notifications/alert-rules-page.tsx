import {
  ALERT_KIND_NAMES,
  alertRulesInputSchema,
  canSubscribe,
  type AlertKind,
  type AlertRulesAnswer,
} from '@fleet/contract';
import { Alert, Button, Menu, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { eventTypeName } from '../../components/notifications/notification-sentence';
import { PageFrame } from '../../components/page-frame';
import { ContractFormFrame } from '../../components/records/record-form';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { useContractForm } from '../../hooks/use-contract-form';
import { useMe } from '../../hooks/use-me';
import { companiesQueryOptions } from '../../lib/endpoints/directory';
import { alertRulesQueryOptions, resetAlertRulesMutation, saveAlertRulesMutation } from './api';
import { RuleFields } from './rule-fields';
import { bodyOf, newRow, rowsOf, type RuleRow, type RuleValues } from './rule-rows';

/** The kinds the user may hear of, to add a rule of. */
function AddRule({ add }: { add: (kind: AlertKind) => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const kinds = ALERT_KIND_NAMES.filter((kind) => canSubscribe(kind, me?.roles ?? []));
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="light">{t('notifications.rules.add')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {kinds.map((kind) => (
          <Menu.Item key={kind} onClick={() => add(kind)}>
            {eventTypeName(t, kind)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The rules as a form: each row's fields, a rule added or removed, then saved as a whole. */
function RulesForm({ answer, onCancel }: { answer: AlertRulesAnswer; onCancel: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const staff = me?.wholeFleet ?? false;
  const companies = useQuery({ ...companiesQueryOptions, enabled: staff });
  const save = useMutation(saveAlertRulesMutation);
  const form = useContractForm<typeof alertRulesInputSchema, RuleValues>(
    alertRulesInputSchema,
    { rules: rowsOf(answer.rules) },
    bodyOf,
  );
  const nextKey = useRef(answer.rules.length);
  const rows = form.values.rules;
  const setRows = (next: RuleRow[]) => form.set('rules', next);
  const add = (kind: AlertKind) => setRows([...rows, newRow(kind, nextKey.current++)]);
  return (
    <ContractFormFrame
      form={form}
      editing
      save={(body) => save.mutateAsync(body)}
      onSaved={() => showSuccess(t('notifications.rules.saved'))}
      onCancel={onCancel}
    >
      {answer.defaults && (
        <Alert color="blue" variant="light">
          {t('notifications.rules.defaults')}
        </Alert>
      )}
      {rows.length === 0 && <Text c="dimmed">{t('notifications.rules.none')}</Text>}
      {rows.map((row, index) => (
        <RuleFields
          key={row.key}
          row={row}
          error={(field) => form.error(`rules.${index}.${field}`)}
          change={(next) => setRows(rows.map((other) => (other === row ? { ...row, ...next } : other)))}
          remove={() => setRows(rows.filter((other) => other !== row))}
          companies={staff ? (companies.data?.companies ?? []) : null}
        />
      ))}
      <div>
        <AddRule add={add} />
      </div>
    </ContractFormFrame>
  );
}

/** Back to the rules of the user's roles, once confirmed. */
function BackToDefaults({ defaults }: { defaults: boolean }) {
  const { t } = useTranslation();
  const reset = useMutation(resetAlertRulesMutation);
  const ask = async () => {
    const sure = await confirm({
      title: t('notifications.rules.reset_title'),
      message: t('notifications.rules.reset_text'),
      confirmLabel: t('notifications.rules.reset'),
    });
    if (!sure) return;
    reset.mutate(undefined, {
      onSuccess: () => showSuccess(t('notifications.rules.reset_done')),
      onError: (error) => showError(error, 'notifications.rules.reset'),
    });
  };
  return (
    <Button variant="default" disabled={defaults} loading={reset.isPending} onClick={() => void ask()}>
      {t('notifications.rules.reset')}
    </Button>
  );
}

/** Route /user-space/alerts: what the user hears of, by which channel, and for which company. */
export function AlertRulesPage() {
  const { t } = useTranslation();
  const rules = useQuery(alertRulesQueryOptions);
  // Cancel and every new answer start the form again from what is saved.
  const [cancelled, setCancelled] = useState(0);
  return (
    <PageFrame
      title={t('notifications.rules.title')}
      intro={t('notifications.rules.intro')}
      actions={rules.data && <BackToDefaults defaults={rules.data.defaults} />}
    >
      <CallState call={rules}>
        {(answer) => (
          <Stack gap="md" maw={960}>
            <RulesForm
              key={`${rules.dataUpdatedAt}-${cancelled}`}
              answer={answer}
              onCancel={() => setCancelled((count) => count + 1)}
            />
          </Stack>
        )}
      </CallState>
    </PageFrame>
  );
}
