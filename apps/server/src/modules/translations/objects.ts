import {
  DEFAULT_LANGUAGE,
  OBJECTS_NAMESPACE,
  TRANSLATION_OBJECT_KINDS,
  TRANSLATION_OBJECT_KIND_NAMES,
  fullKey,
  objectCodeKey,
  translationState,
  type TranslationObject,
  type TranslationObjectBody,
  type TranslationObjectKind,
  type TranslationOverride,
  type TranslationTarget,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { englishTexts } from './bundled.ts';
import { skuName, skuNames } from './repository.ts';
import { checkLanguage, entriesOf, removeOverride, writeOverride } from './service.ts';

/**
 * Translatable data (docs/insights.md): codes the console names through bundled keys (device, job, order
 * and package statuses, payment methods), whose override is stored at that very key, and the catalogue's
 * SKUs, which have no bundled key and are stored under `objects` (the console reads them with the SKU's
 * own name as the default).
 */

interface ObjectSource {
  code: string;
  key: string;
  english: string;
}

const isCatalogue = (kind: TranslationObjectKind) =>
  TRANSLATION_OBJECT_KINDS[kind].namespace === OBJECTS_NAMESPACE;

/** The codes of a bundled kind: the keys right below its prefix in the English texts. */
async function bundledSources(
  kind: TranslationObjectKind,
  target: TranslationTarget,
): Promise<ObjectSource[]> {
  const { namespace, prefix } = TRANSLATION_OBJECT_KINDS[kind];
  const start = `${namespace}.${prefix}.`;
  const sources: ObjectSource[] = [];
  for (const [full, english] of await englishTexts(target)) {
    const code = full.startsWith(start) ? full.slice(start.length) : '';
    if (code && !code.includes('.')) sources.push({ code, key: `${prefix}.${code}`, english });
  }
  return sources;
}

async function sourcesOf(db: Db, kind: TranslationObjectKind, target: TranslationTarget) {
  if (!isCatalogue(kind)) return bundledSources(kind, target);
  const { prefix } = TRANSLATION_OBJECT_KINDS[kind];
  return (await skuNames(db)).map((sku) => ({
    code: sku.code,
    key: `${prefix}.${objectCodeKey(sku.code)}`,
    english: sku.name,
  }));
}

export async function listObjects(
  db: Db,
  language: string,
  target: TranslationTarget,
): Promise<{ objects: TranslationObject[] }> {
  await checkLanguage(db, language, 'path.language');
  const entryOf = await entriesOf(db, language, target);
  const objects: TranslationObject[] = [];
  for (const kind of TRANSLATION_OBJECT_KIND_NAMES) {
    const { namespace } = TRANSLATION_OBJECT_KINDS[kind];
    for (const source of await sourcesOf(db, kind, target)) {
      const entry = entryOf(fullKey(namespace, source.key), source.english)!;
      // The catalogue names its records in English: that is their text there, nothing is missing.
      const own =
        isCatalogue(kind) && language === DEFAULT_LANGUAGE ? { ...entry, bundled: source.english } : entry;
      objects.push({ ...own, state: translationState(own), kind, code: source.code });
    }
  }
  return { objects };
}

/** Where an object's text lives and its English; a 400 naming the code when the kind has no such code. */
async function objectPlace(
  db: Db,
  target: TranslationTarget,
  kind: TranslationObjectKind,
  code: string,
  location: 'body' | 'query',
) {
  const { namespace, prefix } = TRANSLATION_OBJECT_KINDS[kind];
  if (isCatalogue(kind)) {
    const name = await skuName(db, code);
    if (name === null)
      throw invalid([
        { field: `${location}.code`, message: 'is not the code of a SKU', rule: { kind: 'unknown' } },
      ]);
    return { namespace, key: `${prefix}.${objectCodeKey(code)}`, english: name };
  }
  const source = (await bundledSources(kind, target)).find((item) => item.code === code);
  if (!source)
    throw invalid([
      { field: `${location}.code`, message: `is not a code of ${kind}`, rule: { kind: 'unknown' } },
    ]);
  return { namespace, key: source.key, english: source.english };
}

export async function saveObject(
  db: Db,
  user: SignedInUser,
  language: string,
  body: TranslationObjectBody,
): Promise<TranslationOverride> {
  await checkLanguage(db, language, 'path.language');
  const { namespace, key, english } = await objectPlace(db, body.target, body.kind, body.code, 'body');
  return writeOverride(db, user, { language, target: body.target, namespace, key }, body.text, english);
}

export async function removeObject(
  db: Db,
  user: SignedInUser,
  language: string,
  place: { target: TranslationTarget; kind: TranslationObjectKind; code: string },
): Promise<void> {
  await checkLanguage(db, language, 'path.language');
  const { namespace, key } = await objectPlace(db, place.target, place.kind, place.code, 'query');
  await removeOverride(db, user, { language, target: place.target, namespace, key });
}
