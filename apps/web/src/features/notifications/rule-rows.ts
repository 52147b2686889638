import {
  alertThreshold,
  type AlertChannel,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
} from '@fleet/contract';

/** A rule as the settings edit it: a threshold field may be left empty; `key` keeps its row across edits. */
export interface RuleRow {
  key: number;
  kind: AlertKind;
  threshold: number | '' | null;
  channel: AlertChannel;
  companyId: string | null;
  enabled: boolean;
  /** Notifications it held back in the last hour (a new rule: none). */
  heldBack: number;
}

export interface RuleValues {
  rules: RuleRow[];
}

export function rowsOf(rules: readonly AlertRule[]): RuleRow[] {
  return rules.map(({ id: _id, ...rule }, index) => ({ ...rule, key: index }));
}

/** A new rule of a kind: its default threshold, in the console, for every company, on. */
export function newRow(kind: AlertKind, key: number): RuleRow {
  return {
    key,
    kind,
    threshold: alertThreshold(kind)?.default ?? null,
    channel: 'console',
    companyId: null,
    enabled: true,
    heldBack: 0,
  };
}

/** The body the rows give: an emptied threshold is missing, which the contract says is required. */
export function bodyOf({ rules }: RuleValues): { rules: Partial<AlertRuleInput>[] } {
  return {
    rules: rules.map(({ kind, threshold, channel, companyId, enabled }) => ({
      kind,
      ...(threshold === '' ? {} : { threshold }),
      channel,
      companyId,
      enabled,
    })),
  };
}
