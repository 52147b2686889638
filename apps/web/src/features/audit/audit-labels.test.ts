import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_SUBJECTS } from '@fleet/contract';
import english from '@fleet/translations/locales/en/audit.json';

const key = (code: string) => code.replace(/[.-]/g, '_');

describe('audit labels', () => {
  it('name every action and record kind of the catalogue in words', () => {
    expect(AUDIT_ACTION_NAMES.filter((action) => !(key(action) in english.actions))).toEqual([]);
    expect(AUDIT_SUBJECTS.filter((subject) => !(key(subject) in english.subjects))).toEqual([]);
  });
});
