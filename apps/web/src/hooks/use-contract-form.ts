import { bodyFieldPath, fieldRuleOf, type FieldIssue } from '@fleet/contract';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { dialogErrorText } from '../components/dialogs';
import { fieldIssuesOf, issueText, ruleText } from '../lib/field-problems';
import { i18n } from '../lib/i18n';

const samePath = (issuePath: string, field: string) =>
  issuePath === field || issuePath.startsWith(`${field}.`);

/** The value at a dotted path of a body (`storeAddress.locality`). */
function valueAt(body: unknown, path: string): unknown {
  let value = body;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/**
 * The one form layer: values checked by the contract's own schema before anything is sent, and a
 * refusal of the server mapped onto the form's own fields. Each field's problem is said in the user's
 * language (`error(field)`), never as a field path or a validation library's wording; what belongs to
 * no field of the form is the form's `failure`.
 */
export function useContractForm<S extends z.ZodType<unknown, Record<string, unknown>>, V = z.input<S>>(
  schema: S,
  initial: NoInfer<V>,
  /**
   * The body the form's values give, when the form edits them in another shape (an address as lines, a
   * choice not made yet): the schema then says what is missing or wrong.
   */
  bodyOf: (values: V) => unknown = (values) => values,
) {
  const [values, setValues] = useState<V>(initial);
  const [initialValues] = useState<V>(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<FieldIssue[]>([]);
  // The fields the form shows a problem under: a refusal of any other part of the body is the form's own.
  const shown = useRef(new Set<string>());
  const body = bodyOf(values);
  const checked = schema.safeParse(body);
  const issues = tried && !checked.success ? checked.error.issues : [];

  /** The problem of a field of the body (`name`, `storeAddress.postalCode`) in the user's words, if any. */
  const error = (field: string): string | undefined => {
    shown.current.add(field);
    const refused = refusal.find((issue) => samePath(bodyFieldPath(issue.field) ?? '', field));
    if (refused) return issueText(refused);
    const issue = issues.find((candidate) => samePath(candidate.path.join('.'), field));
    return issue ? ruleText(fieldRuleOf(issue)) : undefined;
  };

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A refused value the user changed no longer shows the server's refusal.
    const before = bodyOf(values);
    const after = bodyOf({ ...values, [field]: value });
    setRefusal((current) =>
      current.filter((issue) => {
        const path = bodyFieldPath(issue.field) ?? '';
        return JSON.stringify(valueAt(before, path)) === JSON.stringify(valueAt(after, path));
      }),
    );
  };

  const fail = (caught: unknown) => {
    const refused = fieldIssuesOf(caught);
    const own = (issue: FieldIssue) =>
      [...shown.current].some((field) => samePath(bodyFieldPath(issue.field) ?? '', field));
    setRefusal(refused.filter(own));
    // Every problem under its own field: the failure only says to look at them.
    const allShown = refused.length > 0 && refused.every(own);
    setFailure(allShown ? i18n.t('common.field_rules.fields_refused') : dialogErrorText(caught));
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
    /** Whether the user changed anything: a form that edits a record saves only a change. */
    changed: JSON.stringify(values) !== JSON.stringify(initialValues),
    set,
    error,
    refused: (field: string) => error(field) !== undefined,
    busy,
    failure,
    submit,
  };
}
