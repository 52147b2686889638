import { guessTimeZone, normaliseUserConfiguration, type UserConfigurationAnswer } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userConfigurationQueryOptions } from '../lib/endpoints/user-configuration';
import { currentLanguage } from '../lib/i18n';
import { useAppSettings } from './use-app-settings';
import { useMe } from './use-me';

/** The signed-in user's configuration, normalised (spec §5) under the variant's section. */
export function useUserConfiguration() {
  const { variant, languages } = useAppSettings();
  const { data: me } = useMe();
  const select = useCallback(
    (answer: UserConfigurationAnswer) =>
      normaliseUserConfiguration(answer.content, {
        section: variant,
        availableLanguages: languages,
        currentLanguage: currentLanguage(),
        guessedTimeZone: guessTimeZone(),
      }),
    [variant, languages],
  );
  return useQuery({ ...userConfigurationQueryOptions(me?.sub), select });
}
