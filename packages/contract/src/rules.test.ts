import { describe, expect, it } from 'vitest';
import { normaliseUserConfiguration, DEFAULT_PRINT_SETTINGS } from './user-configuration.ts';
import { mapPosition, formatGmtOffset, gmtOffsetMinutes, isKnownTimeZone } from './time-zones.ts';
import { pickLanguage } from './languages.ts';
import { allCamerasLow, judgeResolution, preferredCamera } from './webcam.ts';

const context = {
  section: 'tool-equipment',
  availableLanguages: ['de', 'en', 'es', 'fr', 'pt', 'zh-CN'],
  currentLanguage: 'fr',
  guessedTimeZone: 'Europe/Paris',
};

describe('user configuration normalising', () => {
  it('fills a missing configuration with defaults', () => {
    expect(normaliseUserConfiguration(undefined, context)).toEqual({
      current_language: 'fr',
      print_settings: DEFAULT_PRINT_SETTINGS,
      timezone: 'Europe/Paris',
      webcam: null,
      saved_filters: [],
    });
    expect(normaliseUserConfiguration('not json', context).timezone).toBe('Europe/Paris');
  });

  it('reads the section of the stored document', () => {
    const stored = JSON.stringify({
      'tool-equipment': {
        current_language: 'de',
        timezone: 'Asia/Tokyo',
        print_settings: { format: 'a4', margins: 'large' },
        webcam: { 'chrome-1': 'cam-42' },
        saved_filters: [{ name: 'Mine', list: 'series', filters: { MakerFilter: ['Kessler'] } }],
      },
    });
    expect(normaliseUserConfiguration(stored, context)).toEqual({
      current_language: 'de',
      timezone: 'Asia/Tokyo',
      print_settings: { format: 'a4', margins: 'large' },
      webcam: { 'chrome-1': 'cam-42' },
      saved_filters: [{ name: 'Mine', list: 'series', filters: { MakerFilter: ['Kessler'] } }],
    });
  });

  it('turns an unavailable language into en', () => {
    expect(normaliseUserConfiguration({ current_language: 'jp' }, context).current_language).toBe('en');
  });

  it('turns an unknown time zone into the guessed one', () => {
    expect(normaliseUserConfiguration({ timezone: 'Mars/Olympus' }, context).timezone).toBe('Europe/Paris');
  });

  it('reverts malformed print settings to defaults', () => {
    expect(
      normaliseUserConfiguration({ print_settings: { format: 'a3', margins: 'normal' } }, context)
        .print_settings,
    ).toEqual(DEFAULT_PRINT_SETTINGS);
    expect(normaliseUserConfiguration({ print_settings: 'a4' }, context).print_settings).toEqual(
      DEFAULT_PRINT_SETTINGS,
    );
  });

  it('turns a non-object webcam setting into null', () => {
    expect(normaliseUserConfiguration({ webcam: 'cam' }, context).webcam).toBeNull();
    expect(normaliseUserConfiguration({ webcam: ['cam'] }, context).webcam).toBeNull();
  });
});

describe('time-zone map', () => {
  it('places points by the spec formula', () => {
    expect(mapPosition({ long: 0, lat: 0 })).toEqual({ left: 50, top: 50 });
    expect(mapPosition({ long: -180, lat: 90 })).toEqual({ left: 0, top: 0 });
    expect(mapPosition({ long: 180, lat: -90 })).toEqual({ left: 100, top: 100 });
    expect(mapPosition({ long: 2.35, lat: 48.85 }).left).toBeCloseTo(50.653, 2);
    expect(mapPosition({ long: 2.35, lat: 48.85 }).top).toBeCloseTo(22.861, 2);
  });

  it('formats GMT offsets', () => {
    expect(formatGmtOffset(330)).toBe('GMT+05:30');
    expect(formatGmtOffset(-180)).toBe('GMT-03:00');
    expect(formatGmtOffset(0)).toBe('GMT+00:00');
    expect(gmtOffsetMinutes('Asia/Kolkata', new Date('2026-01-15T00:00:00Z'))).toBe(330);
    expect(gmtOffsetMinutes('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe(120);
  });

  it('knows real zones only', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Nowhere/Land')).toBe(false);
  });
});

describe('language choice', () => {
  const available = ['de', 'en', 'es', 'fr', 'pt', 'zh-CN'];
  it('tries the browser language in full, then by prefix, then en', () => {
    expect(pickLanguage(['zh-CN'], available)).toBe('zh-CN');
    expect(pickLanguage(['fr-CA'], available)).toBe('fr');
    expect(pickLanguage(['zh-TW'], available)).toBe('zh-CN');
    expect(pickLanguage(['it-IT', 'pt-BR'], available)).toBe('pt');
    expect(pickLanguage(['it'], available)).toBe('en');
  });
});

describe('webcam rules', () => {
  it('judges resolutions against 1920x1080', () => {
    expect(judgeResolution({ width: 1920, height: 1080 })).toBe('ok');
    expect(judgeResolution({ width: 1280, height: 720 })).toBe('low');
    expect(judgeResolution(null)).toBe('unknown');
    expect(allCamerasLow(['low', 'low'])).toBe(true);
    expect(allCamerasLow(['low', 'unknown'])).toBe(false);
    expect(allCamerasLow([])).toBe(false);
  });
  it('prefers a Logitech camera, else the first', () => {
    const cameras = [
      { deviceId: 'a', kind: 'videoinput', label: 'Integrated' },
      { deviceId: 'm', kind: 'audioinput', label: 'Logitech mic' },
      { deviceId: 'b', kind: 'videoinput', label: 'Logitech BRIO' },
    ];
    expect(preferredCamera(cameras)?.deviceId).toBe('b');
    expect(preferredCamera(cameras.slice(0, 2))?.deviceId).toBe('a');
    expect(preferredCamera([])).toBeUndefined();
  });
});
