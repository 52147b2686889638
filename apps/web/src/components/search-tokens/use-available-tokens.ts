import { availableTokens, type SearchTokenDefinition } from '@fleet/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../hooks/use-me';
import { htmlLang } from '../../lib/i18n';

/**
 * The tokens the signed-in user may use, in display order: by rights (internal-only ones for internal
 * members only), then by order value and label in the user's language.
 */
export function useAvailableTokens(definitions: readonly SearchTokenDefinition[]): SearchTokenDefinition[] {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () =>
      me ? availableTokens(definitions, me, (definition) => t(definition.label), htmlLang(language)) : [],
    [definitions, me, t, language],
  );
}
