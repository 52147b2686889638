import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, isAuditAction } from './audit.ts';

describe('the audit catalogue', () => {
  it('knows its actions and names each subject once', () => {
    expect(isAuditAction('store.create')).toBe(true);
    expect(isAuditAction('toString')).toBe(false);
    expect(new Set(AUDIT_SUBJECTS).size).toBe(AUDIT_SUBJECTS.length);
    for (const [action, subject] of Object.entries(AUDIT_ACTIONS))
      expect(action.startsWith(`${subject}.`), action).toBe(true);
  });
});
