import { z } from 'zod';
import { TRANSLATION_TARGETS } from './served-translations.ts';
import { PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/**
 * Translations management (docs/insights.md): texts of the console replaced without a rebuild. An override
 * is stored per language and target ("all", or one product variant, which wins over "all"), under the
 * namespace (a locale file of the console, or `objects` for data with no bundled text) and the key.
 */

/** Texts of data (catalogue records) that the console has no bundled key for. */
export const OBJECTS_NAMESPACE = 'objects';

/**
 * A language tag as BCP 47 writes it (language, optional script, optional region: `it`, `pt-BR`,
 * `zh-Hant-TW`), at most 10 characters; `jp` is the product's own code for Japanese and fits too.
 */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/;
export const LANGUAGE_CODE_MAX = 10;

export const languageCodeSchema = z
  .string()
  .max(LANGUAGE_CODE_MAX, `must be at most ${LANGUAGE_CODE_MAX} characters`)
  .regex(LANGUAGE_CODE_PATTERN, 'must be a language tag such as it, pt-BR or zh-Hant-TW')
  .meta({ examples: ['fr'] });

export const translationTargetSchema = z.enum(TRANSLATION_TARGETS).meta({ examples: ['all'] });

export const translationNamespaceSchema = z
  .string()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(/^[a-z_]+$/, 'must be a namespace: lower-case letters and _')
  .meta({ examples: ['app'] });

export const translationKeySchema = z
  .string()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters')
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be a key: words joined by dots')
  .meta({ examples: ['menu.company'] });

export const TRANSLATION_TEXT_MAX = 2000;

export const translationTextSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(TRANSLATION_TEXT_MAX, `must be at most ${TRANSLATION_TEXT_MAX} characters`)
  .meta({ examples: ['Société'] });

/** The `{{name}}` placeholders of a text, sorted, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? ''))].sort();
}

/** Placeholders a text uses that its English text does not give a value for (they would show as typed). */
export function placeholdersWithoutValue(text: string, english: string): string[] {
  const known = new Set(placeholdersOf(english));
  return placeholdersOf(text).filter((name) => !known.has(name));
}

/** The key a text is known by in the console: `namespace.key`. */
export function fullKey(namespace: string, key: string): string {
  return `${namespace}.${key}`;
}

// ---- Keys (the translations tab) ----

export const TRANSLATION_STATES = ['missing', 'bundled', 'overridden'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/**
 * A key of the console's texts in a language and target: the bundled English, the bundled text of the
 * language (null when the language has none), the target's own override, and the "all" override a variant
 * inherits. Missing: neither a bundled text nor an override, so the console shows the English.
 */
export const translationEntrySchema = z.object({
  namespace: z.string(),
  key: z.string(),
  english: z.string(),
  bundled: z.string().nullable(),
  override: z.string().nullable(),
  inherited: z.string().nullable(),
  state: z.enum(TRANSLATION_STATES),
});
export type TranslationEntry = z.infer<typeof translationEntrySchema>;

/** The state of a text: an override wins over the bundled text, which wins over the English fallback. */
export function translationState(entry: Pick<TranslationEntry, 'bundled' | 'override' | 'inherited'>) {
  if (entry.override !== null || entry.inherited !== null) return 'overridden' as const;
  return entry.bundled !== null ? ('bundled' as const) : ('missing' as const);
}

export const translationKeyListSchema = z.object({
  keys: z.array(translationEntrySchema),
  totalCount: z.number().int(),
  /** Every namespace of the console's texts, for the namespace filter. */
  namespaces: z.array(z.string()),
});
export type TranslationKeyList = z.infer<typeof translationKeyListSchema>;

export const TRANSLATION_SORT_COLUMNS = ['Key'] as const;

export const TRANSLATION_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'translations.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'Namespace', label: 'translations.filters.namespace', kind: 'choice', order: 1 },
  {
    type: 'State',
    label: 'translations.filters.state',
    kind: 'choice',
    unique: true,
    choices: TRANSLATION_STATES,
    order: 2,
  },
];

/** The keys of a language, paged (a few thousand keys); language and target are the screen's own. */
export const TRANSLATION_LIST: ListDefinition = {
  sortColumns: TRANSLATION_SORT_COLUMNS,
  filters: tokenFilterKeys(TRANSLATION_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: 20,
};

/** A text changed: the target it is for, where it lives, and the new text. */
export const translationOverrideBodySchema = z
  .strictObject({
    target: translationTargetSchema,
    namespace: translationNamespaceSchema,
    key: translationKeySchema,
    text: translationTextSchema,
  })
  .meta({ examples: [{ target: 'all', namespace: 'company', key: 'page.title', text: 'Société' }] });
export type TranslationOverrideBody = z.infer<typeof translationOverrideBodySchema>;

export const translationOverrideSchema = z.object({
  language: z.string(),
  target: z.enum(TRANSLATION_TARGETS),
  namespace: z.string(),
  key: z.string(),
  text: z.string(),
  updatedAt: z.string(),
});
export type TranslationOverride = z.infer<typeof translationOverrideSchema>;

// ---- Targets ----

export const translationTargetSummarySchema = z.object({
  target: z.enum(TRANSLATION_TARGETS),
  /** The variant this server runs: its console loads this target's texts (and "all"). */
  current: z.boolean(),
  overrides: z.number().int(),
  /** Per language: every override, and those of them that name catalogue objects (the objects tab's). */
  languages: z.array(
    z.object({ language: z.string(), overrides: z.number().int(), objects: z.number().int() }),
  ),
});
export type TranslationTargetSummary = z.infer<typeof translationTargetSummarySchema>;
export const translationTargetsSchema = z.object({ targets: z.array(translationTargetSummarySchema) });

// ---- Languages ----

export const translationLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Shipped with the console (bundled texts), or added here (texts from overrides only). */
  shipped: z.boolean(),
  /** Offered to users by this deployment (its appsettings languages). */
  offered: z.boolean(),
  keys: z.number().int(),
  /** Keys with a text of their own in this language: bundled, or an override for all targets. */
  translated: z.number().int(),
  overrides: z.number().int(),
});
export type TranslationLanguage = z.infer<typeof translationLanguageSchema>;
export const translationLanguagesSchema = z.object({ languages: z.array(translationLanguageSchema) });

export const translationLanguageBodySchema = z.strictObject({
  code: languageCodeSchema.meta({ examples: ['it'] }),
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(60, 'must be at most 60 characters')
    .meta({ examples: ['Italiano'] }),
});
export type TranslationLanguageBody = z.infer<typeof translationLanguageBodySchema>;

/** Completeness as a whole percentage, rounded down (99.9 % is not complete). */
export function completeness(translated: number, keys: number): number {
  return keys > 0 ? Math.floor((translated / keys) * 100) : 100;
}

// ---- Objects ----

/**
 * Translatable data (docs/insights.md): codes the console names through bundled keys (their override is
 * stored at that key, one text per thing), and catalogue records it has no key for (stored under
 * `objects`).
 */
export const TRANSLATION_OBJECT_KINDS = {
  device_status: { namespace: 'series', prefix: 'device_status' },
  job_type: { namespace: 'jobs', prefix: 'lists.type' },
  job_status: { namespace: 'jobs', prefix: 'lists.status' },
  order_status: { namespace: 'orders', prefix: 'status' },
  package_status: { namespace: 'orders', prefix: 'packages.status' },
  payment_method: { namespace: 'orders', prefix: 'payment.methods' },
  sku: { namespace: OBJECTS_NAMESPACE, prefix: 'sku' },
} as const satisfies Record<string, { namespace: string; prefix: string }>;
export type TranslationObjectKind = keyof typeof TRANSLATION_OBJECT_KINDS;
export const TRANSLATION_OBJECT_KIND_NAMES = Object.keys(TRANSLATION_OBJECT_KINDS) as TranslationObjectKind[];

/** A catalogue code as a key's last part: a dot would make it two parts. */
export function objectCodeKey(code: string): string {
  return code.replace(/\./g, '_');
}

/** The full key the console reads a SKU's name by (with the SKU's own name as the default). */
export function skuNameKey(code: string): string {
  return fullKey(OBJECTS_NAMESPACE, `sku.${objectCodeKey(code)}`);
}

export const translationObjectSchema = translationEntrySchema.extend({
  kind: z.enum(TRANSLATION_OBJECT_KIND_NAMES as [TranslationObjectKind, ...TranslationObjectKind[]]),
  code: z.string(),
});
export type TranslationObject = z.infer<typeof translationObjectSchema>;
export const translationObjectsSchema = z.object({ objects: z.array(translationObjectSchema) });

export const translationObjectKindSchema = z
  .enum(TRANSLATION_OBJECT_KIND_NAMES as [TranslationObjectKind, ...TranslationObjectKind[]])
  .meta({ examples: ['device_status'] });

export const translationObjectCodeSchema = z
  .string()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a code')
  .meta({ examples: ['activated'] });

export const translationObjectBodySchema = z
  .strictObject({
    target: translationTargetSchema,
    kind: translationObjectKindSchema,
    code: translationObjectCodeSchema,
    text: translationTextSchema,
  })
  .meta({ examples: [{ target: 'all', kind: 'device_status', code: 'activated', text: 'Activé' }] });
export type TranslationObjectBody = z.infer<typeof translationObjectBodySchema>;
