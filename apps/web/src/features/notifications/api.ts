import { alertRulesAnswerSchema, type AlertRuleInput } from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const ALERT_RULES_KEY = ['alert-rules'] as const;

/** The user's alert rules, or their roles' defaults while they chose none. */
export const alertRulesQueryOptions = queryOptions({
  queryKey: ALERT_RULES_KEY,
  queryFn: ({ signal }) => apiRequest('/Me/AlertRules', { schema: alertRulesAnswerSchema, signal }),
});

/** The whole set of rules, replacing the one before. */
export const saveAlertRulesMutation = mutationOptions({
  mutationKey: [...ALERT_RULES_KEY, 'save'],
  mutationFn: (body: { rules: AlertRuleInput[] }) =>
    apiRequest('/Me/AlertRules', { method: 'PUT', body, schema: alertRulesAnswerSchema }),
  meta: { changes: [ALERT_RULES_KEY] },
});

/** Back to the rules of the user's roles. */
export const resetAlertRulesMutation = mutationOptions({
  mutationKey: [...ALERT_RULES_KEY, 'reset'],
  mutationFn: () => apiRequest('/Me/AlertRules', { method: 'DELETE', schema: alertRulesAnswerSchema }),
  meta: { changes: [ALERT_RULES_KEY] },
});
