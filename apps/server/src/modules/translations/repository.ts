import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { OBJECTS_NAMESPACE, type TranslationTarget } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { skus, translationLanguages, translationOverrides } from '../../db/schema.ts';

/** One override's place: language, target, namespace and key (the table's primary key). */
export interface OverrideId {
  language: string;
  target: TranslationTarget;
  namespace: string;
  key: string;
}

export interface OverrideRow extends OverrideId {
  text: string;
  updatedAt: Date;
}

const overrideColumns = {
  language: translationOverrides.language,
  target: sql<TranslationTarget>`${translationOverrides.target}`,
  namespace: translationOverrides.namespace,
  key: translationOverrides.key,
  text: translationOverrides.text,
  updatedAt: translationOverrides.updatedAt,
};

/** The overrides of a language for these targets, in a fixed order (the ETag is made from them). */
export function overridesOf(db: Db, language: string, targets: readonly TranslationTarget[]) {
  return db
    .select(overrideColumns)
    .from(translationOverrides)
    .where(and(eq(translationOverrides.language, language), inArray(translationOverrides.target, targets)))
    .orderBy(
      asc(translationOverrides.namespace),
      asc(translationOverrides.key),
      asc(translationOverrides.target),
    );
}

const idIs = (id: OverrideId) =>
  and(
    eq(translationOverrides.language, id.language),
    eq(translationOverrides.target, id.target),
    eq(translationOverrides.namespace, id.namespace),
    eq(translationOverrides.key, id.key),
  );

/** The override at this place, locked for the change about to be made. */
export async function lockedOverride(db: Db, id: OverrideId): Promise<OverrideRow | null> {
  const [row] = await db.select(overrideColumns).from(translationOverrides).where(idIs(id)).for('update');
  return row ?? null;
}

export async function upsertOverride(db: Db, id: OverrideId, text: string, userId: string) {
  const [row] = await db
    .insert(translationOverrides)
    .values({ ...id, text, updatedBy: userId })
    .onConflictDoUpdate({
      target: [
        translationOverrides.language,
        translationOverrides.target,
        translationOverrides.namespace,
        translationOverrides.key,
      ],
      set: { text, updatedBy: userId, updatedAt: sql`now()` },
    })
    .returning(overrideColumns);
  return row!;
}

export async function deleteOverride(db: Db, id: OverrideId): Promise<void> {
  await db.delete(translationOverrides).where(idIs(id));
}

/** Overrides counted per target and language: all of them, and those of catalogue objects. */
export function overrideCounts(db: Db) {
  return db
    .select({
      target: sql<TranslationTarget>`${translationOverrides.target}`,
      language: translationOverrides.language,
      n: count(),
      objects: sql<number>`(count(*) filter (where ${translationOverrides.namespace} = ${OBJECTS_NAMESPACE}))::int`,
    })
    .from(translationOverrides)
    .groupBy(translationOverrides.target, translationOverrides.language)
    .orderBy(asc(translationOverrides.target), asc(translationOverrides.language));
}

/** Languages added beyond the shipped ones. */
export function addedLanguages(db: Db) {
  return db
    .select({ code: translationLanguages.code, name: translationLanguages.name })
    .from(translationLanguages)
    .orderBy(asc(translationLanguages.code));
}

export async function addedLanguage(db: Db, code: string) {
  const [row] = await db
    .select({ code: translationLanguages.code })
    .from(translationLanguages)
    .where(eq(translationLanguages.code, code));
  return row ?? null;
}

/** Inserts a language; false when it is there already (a request racing this one). */
export async function insertLanguage(db: Db, code: string, name: string): Promise<boolean> {
  const rows = await db
    .insert(translationLanguages)
    .values({ code, name })
    .onConflictDoNothing()
    .returning({ code: translationLanguages.code });
  return rows.length > 0;
}

/** The catalogue's SKUs, whose names the console shows on order lines. */
export function skuNames(db: Db) {
  return db.select({ code: skus.code, name: skus.name }).from(skus).orderBy(asc(skus.code));
}

export async function skuName(db: Db, code: string) {
  const [row] = await db.select({ name: skus.name }).from(skus).where(eq(skus.code, code));
  return row?.name ?? null;
}
