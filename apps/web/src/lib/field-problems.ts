import { fieldIssueSchema, formatDay, type FieldIssue, type FieldRule } from '@fleet/contract';
import { z } from 'zod';
import { ApiError } from './api';
import { htmlLang, i18n } from './i18n';

const issuesSchema = z.array(fieldIssueSchema).min(1);

/** A broken rule in the user's language ("At most 100 characters"), never the server's or zod's English. */
export function ruleText(rule: FieldRule | undefined): string {
  return i18n.t(`common.field_rules.${rule?.kind ?? 'invalid'}`, {
    limit: rule?.limit,
    row: rule?.row,
    name: rule?.name,
    date: rule?.date ? formatDay(rule.date, htmlLang(i18n.resolvedLanguage ?? i18n.language)) : undefined,
  });
}

/**
 * What to say of a refused field: its rule in the user's language; a refusal the server has not yet given
 * a rule keeps its own words (never a field path, and never a validation library's: those all carry rules).
 */
export function issueText(issue: Pick<FieldIssue, 'message' | 'rule'>): string {
  return issue.rule ? ruleText(issue.rule) : issue.message;
}

/** The fields a refused request names (a 400 with details), or none. */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  if (error.body === null || typeof error.body === 'string') return [];
  const issues = issuesSchema.safeParse(error.body.details);
  return issues.success ? issues.data : [];
}

/** "At most 100 characters; Required": each problem once, without field paths. */
export function problemsText(issues: readonly FieldIssue[]): string {
  return [...new Set(issues.map(issueText))].join('; ');
}

/** "Not saved: At most 100 characters; Required": a refusal said without field paths. */
export function refusalText(issues: readonly FieldIssue[]): string {
  return i18n.t('common.field_rules.refused_with', { problems: problemsText(issues) });
}
