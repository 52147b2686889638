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

/** `t` of an area (`jobs`) in a language, English where a key is missing, `{{name}}` filled in. */
export async function translator(language: string, area: string): Promise<Translate> {
  const [own, fallback] = await Promise.all([load(language, area), load(DEFAULT_LANGUAGE, area)]);
  return (key, values = {}) =>
    (lookUp(own, key) ?? lookUp(fallback, key) ?? key).replace(
      /\{\{\s*(\w+)\s*\}\}/g,
      (whole, name: string) => (name in values ? String(values[name]) : whole),
    );
}
