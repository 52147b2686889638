import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_LANGUAGE } from '@fleet/contract';

/**
 * The translations package is the one source of words: the console bundles it, and the files the server
 * writes use it too. Found by module resolution, so the built server finds it as the sources do.
 */
export const LOCALES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fleet/translations/package.json')),
  'locales',
);

export type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const loaded = new Map<string, Promise<Messages>>();

function load(language: string, area: string): Promise<Messages> {
  const file = `${language}/${area}.json`;
  let messages = loaded.get(file);
  if (!messages) {
    messages = readFile(path.join(LOCALES, file), 'utf8').then(
      (text) => JSON.parse(text) as Messages,
      () => ({}),
    );
    loaded.set(file, messages);
  }
  return messages;
}

function lookUp(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The keys a text may be under, as the console's i18next reads them: with a `count`, its plural form first. */
function candidates(key: string, language: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  const form = new Intl.PluralRules(language === 'jp' ? 'ja' : language).select(count);
  return [`${key}_${form}`, `${key}_other`, key];
}

/**
 * `t` of an area (`jobs`) in a language, English where a key is missing, `{{name}}` filled in, and a
 * `count` choosing the plural form (`key_one`, `key_other`) as in the console.
 */
export async function translator(language: string, area: string): Promise<Translate> {
  const [own, fallback] = await Promise.all([load(language, area), load(DEFAULT_LANGUAGE, area)]);
  const find = (messages: Messages, lang: string, key: string, count: unknown) =>
    candidates(key, lang, count)
      .map((candidate) => lookUp(messages, candidate))
      .find((text) => text !== undefined);
  return (key, values = {}) =>
    (
      find(own, language, key, values.count) ??
      find(fallback, DEFAULT_LANGUAGE, key, values.count) ??
      key
    ).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}
