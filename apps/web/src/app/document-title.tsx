import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, type UIMatch } from 'react-router';

/** One part of a tab's title: a translated screen name, or a value of the route (the record's serial number). */
export type TitlePart = { key: string } | { param: string };

/** What a route says of itself; every screen of the route table names its title part (null: none). */
export interface ScreenHandle {
  title: TitlePart | null;
}

export const TITLE_SEPARATOR = ' · ';

function handleOf(match: UIMatch): ScreenHandle | null {
  const handle = match.handle as Partial<ScreenHandle> | undefined;
  return handle && 'title' in handle ? { title: handle.title ?? null } : null;
}

/**
 * The browser tab's title: the record and the screen, outer route first, then the product, such as
 * `TPT2C5189500000 · Geolocations · Fleet Console` or `Devices · Fleet Console`.
 */
export function documentTitle(matches: readonly UIMatch[], t: TFunction): string {
  const parts: string[] = [];
  for (const match of matches) {
    const title = handleOf(match)?.title;
    if (!title) continue;
    const text = 'key' in title ? t(title.key) : match.params[title.param];
    if (text) parts.push(text);
  }
  return [...parts, t('app.product.name')].join(TITLE_SEPARATOR);
}

/** Keeps the browser tab's title on the screen shown, in the user's language. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const title = documentTitle(useMatches(), t);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
