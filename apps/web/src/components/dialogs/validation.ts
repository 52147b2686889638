/**
 * Spec §5: a validate function returns a string (shown as a warning) or an object (an error);
 * an async validation answers a status and an error. Errors and invalid answers block the
 * action; a warning informs and lets the user go on.
 */
export type ValidationResult = string | { error: string } | null | undefined;
export type Validate<V> = (value: V) => ValidationResult;

export interface AsyncValidationResult {
  status: 'valid' | 'invalid';
  error?: string;
}
export type AsyncValidate<V> = (value: V) => Promise<AsyncValidationResult>;

export interface ValidationMessage {
  kind: 'warning' | 'error';
  text: string;
}

export function validationMessage(result: ValidationResult): ValidationMessage | null {
  if (result === null || result === undefined || result === '') return null;
  return typeof result === 'string'
    ? { kind: 'warning', text: result }
    : { kind: 'error', text: result.error };
}

export function blocksAction(message: ValidationMessage | null): boolean {
  return message?.kind === 'error';
}

/** Runs the checks due when the user confirms: the synchronous one, then the asynchronous one. */
export async function validateOnConfirm<V>(
  value: V,
  validate: Validate<V> | undefined,
  asyncValidate: AsyncValidate<V> | undefined,
  fallbackError: string,
): Promise<ValidationMessage | null> {
  const message = validationMessage(validate?.(value));
  if (blocksAction(message) || !asyncValidate) return message;
  try {
    const answer = await asyncValidate(value);
    return answer.status === 'valid' ? message : { kind: 'error', text: answer.error || fallbackError };
  } catch (error) {
    return { kind: 'error', text: error instanceof Error && error.message ? error.message : fallbackError };
  }
}

/** A hard confirmation needs the verification text typed exactly (surrounding spaces forgiven). */
export function verificationMatches(typed: string, verification: string): boolean {
  return typed.trim() === verification.trim();
}

export type SoftValidationStep = { stage: 'clicking'; clicksLeft: number } | { stage: 'counting' };

/** Spec §4: N clicks, and the last one starts the countdown on the confirm button. */
export function softValidationStep(clicks: number, required: number): SoftValidationStep {
  const left = Math.max(required, 1) - clicks;
  return left > 0 ? { stage: 'clicking', clicksLeft: left } : { stage: 'counting' };
}
