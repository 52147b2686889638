import { useState } from 'react';
import type { z } from 'zod';
import { dialogErrorText } from '../components/dialogs';

/**
 * A dialog form checked by the contract's own schema before anything is sent: its values, the fields
 * the schema refuses (once the user tried to save), and a save that keeps the server's refusal on screen.
 */
export function useContractForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checked = schema.safeParse(values);
  const refused = new Set(
    tried && !checked.success ? checked.error.issues.map((issue) => String(issue.path[0])) : [],
  );

  const set = <K extends keyof z.input<S>>(field: K, value: z.input<S>[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (save: (body: z.output<S>) => Promise<unknown>) => {
    setTried(true);
    if (!checked.success) return false;
    setBusy(true);
    setFailure(null);
    try {
      await save(checked.data);
      return true;
    } catch (error) {
      setFailure(dialogErrorText(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { values, set, refused: (field: string) => refused.has(field), busy, failure, submit };
}
