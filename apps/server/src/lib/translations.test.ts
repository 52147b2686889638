import { describe, expect, it } from 'vitest';
import { translator } from './translations.ts';

describe('the server’s translations', () => {
  it('chooses the plural form of a count as the console does, in each language', async () => {
    const english = await translator('en', 'calibration_request');
    expect(english('devices.chosen', { count: 1 })).toBe('1 device chosen');
    expect(english('devices.chosen', { count: 3 })).toBe('3 devices chosen');
    const french = await translator('fr', 'calibration_request');
    expect(french('devices.chosen', { count: 0 })).toBe('0 appareil choisi');
    expect(french('devices.chosen', { count: 2 })).toBe('2 appareils choisis');
    const japanese = await translator('jp', 'calibration_request');
    expect(japanese('devices.chosen', { count: 5 })).toBe('5 台を選択');
  });

  it('fills the values in and falls back to English, then to the key', async () => {
    const german = await translator('de', 'calibration_request');
    expect(german('devices.in_order', { number: 'O-42' })).toContain('O-42');
    expect(german('devices.no_such_key')).toBe('devices.no_such_key');
  });
});
