import { describe, expect, it } from 'vitest';
import {
  canDoInState,
  checkActivationDate,
  defaultActivationDate,
  mayDo,
  statusAfter,
} from './device-actions.ts';

describe('device actions', () => {
  it('follow the role lists of spec §6', () => {
    expect(mayDo('setActivationDate', ['support-manager'])).toBe(true);
    expect(mayDo('setActivationDate', ['factory-manager'])).toBe(false);
    expect(mayDo('resetActivation', ['factory-user'])).toBe(true);
    expect(mayDo('editStore', ['customer-engineering-manager'])).toBe(true);
    expect(mayDo('editStore', ['customer-engineering-user'])).toBe(false);
    expect(mayDo('associateUser', ['old-super-user'])).toBe(true);
    expect(mayDo('associateUser', ['support-user'])).toBe(false);
    expect(mayDo('delete', ['support-manager'])).toBe(false);
  });

  it('are possible only in the states that allow them', () => {
    expect(canDoInState('setActivationDate', 'A')).toBe(true);
    expect(canDoInState('setActivationDate', 'E')).toBe(false);
    expect(canDoInState('reactivate', 'E')).toBe(true);
    expect(canDoInState('reactivate', 'B')).toBe(false);
    expect(canDoInState('delete', 'A')).toBe(false);
    expect(canDoInState('undoDiscard', 'I')).toBe(true);
  });

  it('move the device to its next status', () => {
    expect(statusAfter('deactivate', null)).toBe('E');
    expect(statusAfter('unblacklist', null)).toBe('E');
    expect(statusAfter('undoDiscard', 'B')).toBe('B');
    expect(statusAfter('undoDiscard', null)).toBe('E');
    expect(statusAfter('refurbish', null)).toBe('E');
    expect(statusAfter('editDescription', null)).toBeUndefined();
  });
});

describe('activation date (spec §5)', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  it('takes YYYY-MM-DD from 1 February 2017 to today', () => {
    expect(checkActivationDate('2017-02-01', today)).toBeNull();
    expect(checkActivationDate('2026-11-22', today)).toBeNull();
    expect(checkActivationDate('2017-01-31', today)).toBe('before_minimum');
    expect(checkActivationDate('2026-11-23', today)).toBe('after_today');
    expect(checkActivationDate('2026-02-30', today)).toBe('format');
    expect(checkActivationDate('22/11/2026', today)).toBe('format');
    expect(checkActivationDate('2026-11-22T00', today)).toBe('format');
  });
  it('turns a default below the minimum into today', () => {
    expect(defaultActivationDate('2015-05-05T00:00:00Z', today)).toBe('2026-11-22');
    expect(defaultActivationDate(null, today)).toBe('2026-11-22');
    expect(defaultActivationDate('2020-03-04T10:00:00Z', today)).toBe('2020-03-04');
  });
});
