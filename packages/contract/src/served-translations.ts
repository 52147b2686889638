import { z } from 'zod';
import { VARIANTS } from './languages.ts';

/**
 * What every console loads at start (docs/insights.md "Translations management"), apart from the rest of
 * translations management so that the first load carries only this.
 */
export const TRANSLATION_TARGETS = ['all', ...VARIANTS] as const;
export type TranslationTarget = (typeof TRANSLATION_TARGETS)[number];

/** The overrides of a language for a target, as full keys (`area.screen.phrase`), with the variant's on top. */
export const servedTranslationsSchema = z.object({
  language: z.string(),
  target: z.enum(TRANSLATION_TARGETS),
  texts: z.record(z.string(), z.string()),
});
export type ServedTranslations = z.infer<typeof servedTranslationsSchema>;
