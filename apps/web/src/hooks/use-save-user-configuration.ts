import type { UserConfiguration, UserConfigurationAnswer } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  mergedDocument,
  updateUserConfiguration,
  userConfigurationQueryKey,
} from '../lib/endpoints/user-configuration';
import { useAppSettings } from './use-app-settings';
import { useMe } from './use-me';

/** Saves the user's configuration (this variant's section), which then is the one in force. */
export function useSaveUserConfiguration() {
  const { variant } = useAppSettings();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const key = userConfigurationQueryKey(me?.sub ?? '');
  return useMutation({
    mutationFn: (configuration: UserConfiguration) => {
      const stored = queryClient.getQueryData<UserConfigurationAnswer>(key)?.content;
      return updateUserConfiguration(mergedDocument(stored, variant, configuration));
    },
    // The answer is the stored document: it becomes the configuration in force (and its language the UI's).
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
