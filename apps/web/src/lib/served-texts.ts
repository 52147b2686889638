import { servedTranslationsSchema, type Variant } from '@fleet/contract';
import { API_BASE } from './api';

export type Messages = { [key: string]: string | Messages };

/** A slow server does not hold the console's start: past this, it starts with its bundled texts. */
const SERVED_TEXTS_TIMEOUT_MS = 5_000;

/**
 * The texts edited in translations management for a language and variant (docs/insights.md), by full key
 * (`company.page.title`). The answer says `no-cache` with an ETag: the browser revalidates its copy, so an
 * unchanged set costs a 304. Null when the server has none to give (an unknown language, no answer).
 */
export async function servedTexts(
  language: string,
  variant: Variant,
): Promise<Record<string, string> | null> {
  try {
    const response = await fetch(
      `${API_BASE}/Translations/${encodeURIComponent(language)}?target=${encodeURIComponent(variant)}`,
      { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(SERVED_TEXTS_TIMEOUT_MS) },
    );
    if (!response.ok) return null;
    return servedTranslationsSchema.parse(await response.json()).texts;
  } catch {
    return null;
  }
}

/**
 * Served texts set over bundled messages, copying only the branches they change (the bundled ones stay as
 * loaded); a key that would turn a text into a group, or a group into a text, is left out.
 */
export function applyServedTexts(messages: Messages, texts: Record<string, string>): Messages {
  const merged: Messages = { ...messages };
  for (const [fullKey, text] of Object.entries(texts)) {
    const parts = fullKey.split('.');
    const last = parts.pop()!;
    let node: Messages | null = merged;
    for (const part of parts) {
      const next: string | Messages | undefined = node[part];
      if (typeof next === 'string') {
        node = null;
        break;
      }
      node = node[part] = { ...next };
    }
    if (node && typeof node[last] !== 'object') node[last] = text;
  }
  return merged;
}
