import { DEFAULT_PRINT_SETTINGS, type UserConfiguration } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { mergedDocument } from '../../lib/endpoints/user-configuration';
import { canSave, isChanged } from './save-rule';

const saved: UserConfiguration = {
  current_language: 'en',
  print_settings: DEFAULT_PRINT_SETTINGS,
  timezone: 'Europe/Paris',
  webcam: null,
  saved_filters: [],
};

describe('settings save rule', () => {
  it('is disabled until something changed', () => {
    expect(canSave(saved, { ...saved }, false)).toBe(false);
    expect(canSave(saved, { ...saved, print_settings: { ...DEFAULT_PRINT_SETTINGS } }, false)).toBe(false);
  });

  it.each<[string, Partial<UserConfiguration>]>([
    ['language', { current_language: 'fr' }],
    ['time zone', { timezone: 'Asia/Tokyo' }],
    ['print format', { print_settings: { format: 'a4', margins: 'normal' } }],
    ['print margins', { print_settings: { format: 'letter', margins: 'large' } }],
    ['webcam', { webcam: { 'browser-1': 'camera-1' } }],
  ])('is enabled by a change of %s', (_name, change) => {
    expect(isChanged(saved, { ...saved, ...change })).toBe(true);
    expect(canSave(saved, { ...saved, ...change }, false)).toBe(true);
  });

  it('is disabled while saving, and again once the change is saved', () => {
    const draft = { ...saved, timezone: 'Asia/Tokyo' };
    expect(canSave(saved, draft, true)).toBe(false);
    expect(canSave(draft, draft, false)).toBe(false);
  });

  it('compares webcam choices by content', () => {
    const withCamera = { ...saved, webcam: { a: 'cam-1' } };
    expect(isChanged(withCamera, { ...saved, webcam: { a: 'cam-1' } })).toBe(false);
    expect(isChanged(withCamera, { ...saved, webcam: { a: 'cam-2' } })).toBe(true);
    expect(isChanged(withCamera, { ...saved, webcam: { a: 'cam-1', b: 'cam-3' } })).toBe(true);
  });

  it('replaces only this variant’s section of the stored document', () => {
    const stored = JSON.stringify({ 'tyre-pressure': { current_language: 'jp' } });
    expect(mergedDocument(stored, 'tool-equipment', saved)).toEqual({
      'tyre-pressure': { current_language: 'jp' },
      'tool-equipment': saved,
    });
    expect(mergedDocument('not json', 'tool-equipment', saved)).toEqual({ 'tool-equipment': saved });
    expect(mergedDocument(undefined, 'tool-equipment', saved)).toEqual({ 'tool-equipment': saved });
  });
});
