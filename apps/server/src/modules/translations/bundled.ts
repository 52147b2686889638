import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_LANGUAGES, DEFAULT_LANGUAGE, type TranslationTarget } from '@fleet/contract';
import { LOCALES, type Messages } from '../../lib/translations.ts';

/**
 * The console's bundled texts, read from the translations package's locale files: the one source of the
 * keys and their shipped wording, which the console bundles and the server reads, never copied.
 * The files do not change while the server runs, so each is read once.
 */

export type Texts = ReadonlyMap<string, string>;

/** `{a: {b: 'x'}}` with prefix `ns.` -> `ns.a.b` -> `x`. */
export function flattenMessages(messages: Messages, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flattenMessages(value, `${prefix}${key}.`, into);
  }
  return into;
}

async function readMessages(file: string): Promise<Messages | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Messages;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

let namespaces: Promise<string[]> | null = null;

/** The namespaces of the console's texts: its English locale files, by name. */
export function bundledNamespaces(): Promise<string[]> {
  namespaces ??= readdir(path.join(LOCALES, DEFAULT_LANGUAGE)).then((files) =>
    files
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .sort(),
  );
  return namespaces;
}

async function loadTexts(language: string, target: TranslationTarget): Promise<Texts | null> {
  const texts = new Map<string, string>();
  for (const namespace of await bundledNamespaces()) {
    const messages = await readMessages(path.join(LOCALES, language, `${namespace}.json`));
    if (messages) flattenMessages(messages, `${namespace}.`, texts);
  }
  if (target !== 'all') {
    const variant = await readMessages(path.join(LOCALES, 'variants', target, `${language}.json`));
    if (variant) flattenMessages(variant, '', texts);
  }
  return texts;
}

const loaded = new Map<string, Promise<Texts | null>>();

/**
 * A language's bundled texts by full key (`namespace.key`) as the console of a target shows them: its
 * locale files with the variant's file on top. Null for a language the console does not ship.
 */
export function bundledTexts(language: string, target: TranslationTarget): Promise<Texts | null> {
  if (!(ALL_LANGUAGES as readonly string[]).includes(language)) return Promise.resolve(null);
  const id = `${language}/${target}`;
  let texts = loaded.get(id);
  if (!texts) {
    texts = loadTexts(language, target);
    loaded.set(id, texts);
  }
  return texts;
}

/** The English texts of a target: every key there is (a test holds each shipped language to them). */
export async function englishTexts(target: TranslationTarget): Promise<Texts> {
  return (await bundledTexts(DEFAULT_LANGUAGE, target))!;
}

/** `series.device_status.activated` -> namespace `series`, key `device_status.activated`. */
export function splitFullKey(full: string): { namespace: string; key: string } {
  const dot = full.indexOf('.');
  return { namespace: full.slice(0, dot), key: full.slice(dot + 1) };
}
