import { bodyFieldPath, fieldRuleOf, type FieldIssue } from '@fleet/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { dialogErrorText } from '../components/dialogs';
import { fieldIssuesOf, ruleText } from '../lib/field-problems';
import { i18n } from '../lib/i18n';

const samePath = (issuePath: string, field: string) =>
  issuePath === field || issuePath.startsWith(`${field}.`);

/**
 * The one form layer: values checked by the contract's own schema before anything is sent, and a
 * refusal of the server mapped onto the form's own fields. Each field's problem is said in the user's
 * language (`error(field)`), never as a field path or a validation library's wording; what belongs to
 * no field of the form is the form's `failure`.
 */
export function useContractForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<FieldIssue[]>([]);
  const checked = schema.safeParse(values);
  const issues = tried && !checked.success ? checked.error.issues : [];

  /** The problem of a field (`name`, or `storeAddress.postalCode`) in the user's words, if any. */
  const error = (field: string): string | undefined => {
    const refused = refusal.find((issue) => samePath(bodyFieldPath(issue.field) ?? '', field));
    if (refused) return ruleText(refused.rule);
    const issue = issues.find((candidate) => samePath(candidate.path.join('.'), field));
    return issue ? ruleText(fieldRuleOf(issue)) : undefined;
  };

  const set = <K extends keyof z.input<S>>(field: K, value: z.input<S>[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setRefusal((current) =>
      current.filter((issue) => !samePath(bodyFieldPath(issue.field) ?? '', String(field))),
    );
  };

  const fail = (caught: unknown) => {
    const refused = fieldIssuesOf(caught);
    const own = (issue: FieldIssue) =>
      (bodyFieldPath(issue.field)?.split('.')[0] ?? '') in (values as Record<string, unknown>);
    setRefusal(refused.filter(own));
    if (refused.length === 0) setFailure(dialogErrorText(caught));
    else if (refused.every(own)) setFailure(i18n.t('common.field_rules.fields_refused'));
    else setFailure(dialogErrorText(caught));
  };

  const submit = async (save: (body: z.output<S>) => Promise<unknown>) => {
    setTried(true);
    if (!checked.success) return false;
    setBusy(true);
    setFailure(null);
    setRefusal([]);
    try {
      await save(checked.data);
      return true;
    } catch (caught) {
      fail(caught);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    values,
    set,
    error,
    refused: (field: string) => error(field) !== undefined,
    /** Whether anything differs from the values the form opened with (a save is offered only then). */
    changed: JSON.stringify(values) !== JSON.stringify(initial),
    busy,
    failure,
    submit,
  };
}
