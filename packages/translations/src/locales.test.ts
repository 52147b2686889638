import { readdirSync, readFileSync } from 'node:fs';
import { ALL_LANGUAGES, VARIANT_LANGUAGES, VARIANTS } from '@fleet/contract';
import { describe, expect, it } from 'vitest';

type Messages = { [key: string]: string | Messages };

const LOCALES = new URL('../locales/', import.meta.url);

/** `<folder>/<name>.json` -> messages, for every JSON file of a folder of the locales. */
function filesOf(folder: string): Record<string, Messages> {
  const files: Record<string, Messages> = {};
  for (const entry of readdirSync(new URL(folder, LOCALES), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of readdirSync(new URL(`${folder}${entry.name}/`, LOCALES))) {
      if (!file.endsWith('.json')) continue;
      const text = readFileSync(new URL(`${folder}${entry.name}/${file}`, LOCALES), 'utf8');
      files[`${entry.name}/${file}`] = JSON.parse(text) as Messages;
    }
  }
  return files;
}

const variantFiles = filesOf('variants/');
const areaFiles = Object.fromEntries(
  Object.entries(filesOf('./')).filter(([path]) => !path.startsWith('variants/')),
);

/** `fr/settings.json` -> `{ language: 'fr', area: 'settings' }`. */
function parseAreaPath(path: string): { language: string; area: string } | null {
  const match = /^([^/]+)\/([^/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? { language: match[1], area: match[2] } : null;
}

/** `{a: {b: 'x'}}` -> `{'a.b': 'x'}` */
function flatten(messages: Messages, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') flat[`${prefix}${key}`] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

/** language -> every key as `area.screen.phrase` -> text */
const byLanguage = new Map<string, Record<string, string>>();
for (const [path, messages] of Object.entries(areaFiles)) {
  const parsed = parseAreaPath(path);
  if (!parsed) continue;
  const flat = flatten(messages, `${parsed.area}.`);
  byLanguage.set(parsed.language, { ...byLanguage.get(parsed.language), ...flat });
}
const english = byLanguage.get('en') ?? {};

describe('translations', () => {
  it('exist for every language of every variant', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...ALL_LANGUAGES].sort());
  });

  it.each([...ALL_LANGUAGES])('%s has exactly the keys of every other language', (language) => {
    const keys = Object.keys(byLanguage.get(language) ?? {}).sort();
    for (const [other, messages] of byLanguage) {
      expect(keys, `${language} vs ${other}`).toEqual(Object.keys(messages).sort());
    }
  });

  it.each([...ALL_LANGUAGES])('%s uses the same placeholders as English', (language) => {
    const messages = byLanguage.get(language) ?? {};
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(messages[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
    }
  });

  it('keys read area.screen.phrase (at least two levels, snake case)', () => {
    for (const key of Object.keys(english)) expect(key).toMatch(/^[a-z_]+(\.[a-z0-9_]+)+$/);
  });
});

describe('variant overrides', () => {
  it.each([...VARIANTS])('%s overrides the same keys in each of its languages, all known', (variant) => {
    const overrides = new Map<string, string[]>();
    for (const [path, messages] of Object.entries(variantFiles)) {
      const match = /^([^/]+)\/([^/]+)\.json$/.exec(path);
      if (match?.[1] === variant && match[2]) overrides.set(match[2], Object.keys(flatten(messages)).sort());
    }
    expect([...overrides.keys()].sort()).toEqual([...VARIANT_LANGUAGES[variant]].sort());
    const reference = overrides.get('en') ?? [];
    expect(reference.length).toBeGreaterThan(0);
    for (const [language, keys] of overrides) {
      expect(keys, `${variant}/${language}`).toEqual(reference);
      for (const key of keys) expect(english, `${variant}/${language}: ${key}`).toHaveProperty([key]);
    }
  });
});
