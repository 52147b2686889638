import { z } from 'zod';
import { normaliseSavedFilters, savedFilterListSchema } from './saved-filters.ts';
import { isKnownTimeZone } from './time-zones.ts';

export const PDF_FORMATS = ['letter', 'a4'] as const;
export const PDF_MARGINS = ['none', 'normal', 'large'] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];
export type PdfMargin = (typeof PDF_MARGINS)[number];

/** Spec §9: none 0in; normal 1in; large 1.5in horizontal and 1in vertical. */
export const PDF_MARGIN_INCHES: Record<PdfMargin, { horizontal: number; vertical: number }> = {
  none: { horizontal: 0, vertical: 0 },
  normal: { horizontal: 1, vertical: 1 },
  large: { horizontal: 1.5, vertical: 1 },
};

export const printSettingsSchema = z.object({
  format: z.enum(PDF_FORMATS),
  margins: z.enum(PDF_MARGINS),
});
export type PrintSettings = z.infer<typeof printSettingsSchema>;

export const DEFAULT_PRINT_SETTINGS: PrintSettings = { format: 'letter', margins: 'normal' };

export const userConfigurationSchema = z.object({
  current_language: z.string().min(2).max(10),
  print_settings: printSettingsSchema,
  timezone: z.string().min(1).max(64),
  /** Browser identity -> chosen camera device id. */
  webcam: z.record(z.string().max(200), z.string().max(500)).nullable(),
  /** Filter lists the user saved (jobs §5). */
  saved_filters: z.array(savedFilterListSchema),
});
export type UserConfiguration = z.infer<typeof userConfigurationSchema>;

export interface NormaliseContext {
  /** The section name the configuration lives under (the product variant). */
  section: string;
  availableLanguages: readonly string[];
  currentLanguage: string;
  guessedTimeZone: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseContent(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Spec §5: missing configuration gets defaults; a language not available becomes en; an
 * unknown time zone becomes the guessed one; malformed print settings revert to defaults;
 * a non-object webcam setting becomes null; saved filter lists keep the well-formed ones. Accepts the stored JSON text or its parsed value,
 * either the whole document `{section: {...}}` or the section itself.
 */
export function normaliseUserConfiguration(content: unknown, context: NormaliseContext): UserConfiguration {
  const parsed = parseContent(content);
  const section = isObject(parsed) && isObject(parsed[context.section]) ? parsed[context.section] : parsed;
  const raw = isObject(section) ? section : {};
  const language = typeof raw.current_language === 'string' ? raw.current_language : context.currentLanguage;
  const timezone =
    typeof raw.timezone === 'string' && isKnownTimeZone(raw.timezone)
      ? raw.timezone
      : context.guessedTimeZone;
  const print = printSettingsSchema.safeParse(raw.print_settings);
  const webcam = isObject(raw.webcam)
    ? Object.fromEntries(
        Object.entries(raw.webcam).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : null;
  return {
    current_language: context.availableLanguages.includes(language) ? language : 'en',
    print_settings: print.success ? print.data : { ...DEFAULT_PRINT_SETTINGS },
    timezone,
    webcam,
    saved_filters: normaliseSavedFilters(raw.saved_filters),
  };
}

/** The stored document: the configuration under its product section. */
export function userConfigurationDocument(
  section: string,
  configuration: UserConfiguration,
): Record<string, UserConfiguration> {
  return { [section]: configuration };
}
