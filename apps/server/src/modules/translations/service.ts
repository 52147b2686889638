import { createHash } from 'node:crypto';
import {
  ALL_LANGUAGES,
  LANGUAGE_NAMES,
  TRANSLATION_SORT_COLUMNS,
  TRANSLATION_STATES,
  TRANSLATION_TARGETS,
  fullKey,
  translationState,
  placeholdersWithoutValue,
  type ServedTranslations,
  type TranslationEntry,
  type TranslationKeyList,
  type TranslationLanguage,
  type TranslationLanguageBody,
  type TranslationOverride,
  type TranslationOverrideBody,
  type TranslationTarget,
  type TranslationTargetSummary,
  type Variant,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { bundledNamespaces, bundledTexts, englishTexts, splitFullKey, type Texts } from './bundled.ts';
import {
  addedLanguage,
  addedLanguages,
  deleteOverride,
  insertLanguage,
  lockedOverride,
  overrideCounts,
  overridesOf,
  upsertOverride,
  type OverrideId,
  type OverrideRow,
} from './repository.ts';

/** Translations management (docs/insights.md "Translations management"). */

const isShipped = (language: string) => (ALL_LANGUAGES as readonly string[]).includes(language);

/** A 400 naming `field` unless the console ships the language or it was added here. */
export async function checkLanguage(db: Db, language: string, field: string): Promise<void> {
  if (isShipped(language) || (await addedLanguage(db, language))) return;
  throw invalid([
    {
      field,
      message: 'is not a language of the console (add it under languages first)',
      rule: { kind: 'unknown' },
    },
  ]);
}

// ---- What the console loads ----

/** Overrides by full key: the "all" ones, then the variant's on top. */
function effectiveTexts(rows: readonly OverrideRow[], target: TranslationTarget): Map<string, string> {
  const texts = new Map<string, string>();
  for (const pass of target === 'all' ? ['all'] : ['all', target])
    for (const row of rows) if (row.target === pass) texts.set(fullKey(row.namespace, row.key), row.text);
  return texts;
}

/**
 * The overrides the console of a target merges over its bundled texts, with an ETag made from exactly
 * what is answered: every write changes it, on every server node, and nothing is kept in memory.
 */
export async function servedTranslations(
  db: Db,
  language: string,
  target: TranslationTarget,
): Promise<{ answer: ServedTranslations; etag: string }> {
  await checkLanguage(db, language, 'path.language');
  const rows = await overridesOf(db, language, target === 'all' ? ['all'] : ['all', target]);
  const entries = [...effectiveTexts(rows, target)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash('sha256')
    .update(JSON.stringify([language, target, entries]))
    .digest('base64url');
  return { answer: { language, target, texts: Object.fromEntries(entries) }, etag: `"${hash.slice(0, 32)}"` };
}

/** Whether an If-None-Match header names this ETag (a list, weak or not, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

// ---- Keys ----

export const TRANSLATION_KEY_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(TRANSLATION_SORT_COLUMNS),
  {
    name: 'Target',
    description:
      'The target whose texts to show (default all); a variant shows the "all" overrides it inherits.',
    values: TRANSLATION_TARGETS,
  },
  { name: 'Search', description: 'Text in the key, the English, the bundled text or the override.' },
  { name: 'Namespace', description: "A namespace of the console's texts.", repeatable: true },
  {
    name: 'State',
    description: 'missing (English shows), bundled, or overridden.',
    values: TRANSLATION_STATES,
  },
];

/** Every text of a language for a target: the English, the bundled text and the overrides. */
export async function entriesOf(db: Db, language: string, target: TranslationTarget) {
  const [english, bundled, rows] = await Promise.all([
    englishTexts(target),
    bundledTexts(language, target),
    overridesOf(db, language, target === 'all' ? ['all'] : ['all', target]),
  ]);
  const own = new Map<string, string>();
  const inherited = new Map<string, string>();
  for (const row of rows)
    (row.target === target ? own : inherited).set(fullKey(row.namespace, row.key), row.text);
  return (full: string, englishText: string | undefined = english.get(full)): TranslationEntry | null => {
    if (englishText === undefined) return null;
    const entry = {
      ...splitFullKey(full),
      english: englishText,
      bundled: bundled?.get(full) ?? null,
      override: own.get(full) ?? null,
      inherited: inherited.get(full) ?? null,
    };
    return { ...entry, state: translationState(entry) };
  };
}

function matchesSearch(entry: TranslationEntry, needle: string): boolean {
  return [
    fullKey(entry.namespace, entry.key),
    entry.english,
    entry.bundled,
    entry.override,
    entry.inherited,
  ].some((text) => text?.toLowerCase().includes(needle));
}

export async function listKeys(db: Db, language: string, raw: RawQuery): Promise<TranslationKeyList> {
  const query = new ListQuery(raw, TRANSLATION_KEY_QUERY);
  const paging = offsetPaging(query, TRANSLATION_SORT_COLUMNS);
  const target = query.choices('Target', TRANSLATION_TARGETS)[0] ?? 'all';
  const namespaces = await bundledNamespaces();
  const wanted = query.choices('Namespace', namespaces);
  const state = query.choices('State', TRANSLATION_STATES)[0];
  const search = query.searchText();
  await checkLanguage(db, language, 'path.language');
  query.check();

  const entryOf = await entriesOf(db, language, target);
  const needle = search?.toLowerCase();
  const keys = [...(await englishTexts(target)).keys()]
    .map((full) => entryOf(full)!)
    .filter(
      (entry) =>
        (wanted.length === 0 || wanted.includes(entry.namespace)) &&
        (state === undefined || entry.state === state) &&
        (needle === undefined || matchesSearch(entry, needle)),
    )
    .sort((a, b) => compareKeys(a, b) * (paging.sortOrder === 'DESC' ? -1 : 1));
  const start = (paging.pageNumber - 1) * paging.pageSize;
  return { keys: keys.slice(start, start + paging.pageSize), totalCount: keys.length, namespaces };
}

function compareKeys(a: TranslationEntry, b: TranslationEntry): number {
  const left = fullKey(a.namespace, a.key);
  const right = fullKey(b.namespace, b.key);
  return left < right ? -1 : left > right ? 1 : 0;
}

// ---- Overrides ----

function overrideOf(row: OverrideRow): TranslationOverride {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** Where an override is recorded in the audit log: `language/target/namespace.key`. */
const subjectOf = (id: OverrideId) => `${id.language}/${id.target}/${fullKey(id.namespace, id.key)}`;

/**
 * Stores a text (checked against the English it replaces: a placeholder the English does not fill
 * would show as typed) and audits it in the same transaction.
 */
export async function writeOverride(
  db: Db,
  user: SignedInUser,
  id: OverrideId,
  text: string,
  english: string,
): Promise<TranslationOverride> {
  const unknown = placeholdersWithoutValue(text, english);
  if (unknown.length)
    throw invalid([
      {
        field: 'body.text',
        message: `uses ${unknown.map((name) => `{{${name}}}`).join(', ')}, which this text has no value for`,
        rule: { kind: 'invalid' },
      },
    ]);
  return db.transaction(async (tx) => {
    const before = await lockedOverride(tx, id);
    const row = await upsertOverride(tx, id, text, user.id);
    await recordAudit(tx, user, {
      action: 'translation.updated',
      subjectType: 'translation',
      subjectId: subjectOf(id),
      details: { ...id, from: before?.text ?? null, to: text },
    });
    return overrideOf(row);
  });
}

/** Removes an override (the text goes back to the bundled one, or the "all" one); 404 when there is none. */
export async function removeOverride(db: Db, user: SignedInUser, id: OverrideId): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedOverride(tx, id);
    if (!before) throw notFound(`No override of ${subjectOf(id)}`);
    await deleteOverride(tx, id);
    await recordAudit(tx, user, {
      action: 'translation.removed',
      subjectType: 'translation',
      subjectId: subjectOf(id),
      details: { ...id, from: before.text },
    });
  });
}

/** The English text a bundled key has; a 400 naming the namespace or the key when there is none. */
export async function englishOf(
  target: TranslationTarget,
  namespace: string,
  key: string,
  location: 'body' | 'query',
): Promise<string> {
  if (!(await bundledNamespaces()).includes(namespace))
    throw invalid([
      {
        field: `${location}.namespace`,
        message: "is not a namespace of the console's texts",
        rule: { kind: 'unknown' },
      },
    ]);
  const english = (await englishTexts(target)).get(fullKey(namespace, key));
  if (english === undefined)
    throw invalid([
      {
        field: `${location}.key`,
        message: `is not a key of the ${namespace} texts`,
        rule: { kind: 'unknown' },
      },
    ]);
  return english;
}

export async function saveOverride(
  db: Db,
  user: SignedInUser,
  language: string,
  body: TranslationOverrideBody,
): Promise<TranslationOverride> {
  await checkLanguage(db, language, 'path.language');
  const english = await englishOf(body.target, body.namespace, body.key, 'body');
  const { text, ...place } = body;
  return writeOverride(db, user, { language, ...place }, text, english);
}

export async function removeOverrideAt(
  db: Db,
  user: SignedInUser,
  language: string,
  place: Omit<OverrideId, 'language'>,
): Promise<void> {
  await checkLanguage(db, language, 'path.language');
  await englishOf(place.target, place.namespace, place.key, 'query');
  await removeOverride(db, user, { language, ...place });
}

// ---- Targets ----

export async function listTargets(
  db: Db,
  variant: Variant,
): Promise<{ targets: TranslationTargetSummary[] }> {
  const counts = await overrideCounts(db);
  return {
    targets: TRANSLATION_TARGETS.map((target) => {
      const languages = counts
        .filter((row) => row.target === target)
        .map((row) => ({ language: row.language, overrides: row.n, objects: row.objects }));
      return {
        target,
        current: target === 'all' || target === variant,
        overrides: languages.reduce((sum, row) => sum + row.overrides, 0),
        languages,
      };
    }),
  };
}

// ---- Languages ----

/** Keys of `all` with a text in the language: bundled, or an override of a key the console has. */
function translatedCount(english: Texts, bundled: Texts | null, overridden: ReadonlySet<string>): number {
  let translated = 0;
  for (const full of english.keys()) if (bundled?.has(full) || overridden.has(full)) translated += 1;
  return translated;
}

export async function listLanguages(
  db: Db,
  offered: readonly string[],
): Promise<{ languages: TranslationLanguage[] }> {
  const english = await englishTexts('all');
  const added = await addedLanguages(db);
  const counts = await overrideCounts(db);
  const all = [
    ...ALL_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code], shipped: true })),
    ...added.map((row) => ({ ...row, shipped: false })),
  ];
  const languages = await Promise.all(
    all.map(async (language) => {
      const rows = await overridesOf(db, language.code, ['all']);
      const overridden = new Set(rows.map((row) => fullKey(row.namespace, row.key)));
      const bundled = await bundledTexts(language.code, 'all');
      return {
        ...language,
        offered: offered.includes(language.code),
        keys: english.size,
        translated: translatedCount(english, bundled, overridden),
        overrides: counts
          .filter((row) => row.language === language.code)
          .reduce((sum, row) => sum + row.n, 0),
      };
    }),
  );
  return { languages };
}

export async function addLanguage(
  db: Db,
  user: SignedInUser,
  body: TranslationLanguageBody,
  offered: readonly string[],
): Promise<TranslationLanguage> {
  if (isShipped(body.code)) throw conflict(`The console ships ${body.code} already`);
  await db.transaction(async (tx) => {
    if (!(await insertLanguage(tx, body.code, body.name))) throw conflict(`${body.code} is added already`);
    await recordAudit(tx, user, {
      action: 'translation-language.added',
      subjectType: 'translation-language',
      subjectId: body.code,
      details: { ...body },
    });
  });
  const keys = (await englishTexts('all')).size;
  return { ...body, shipped: false, offered: offered.includes(body.code), keys, translated: 0, overrides: 0 };
}
