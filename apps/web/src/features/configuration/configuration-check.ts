import {
  CONFIGURATION_KEY_MAX_LENGTH,
  CONFIGURATION_MAX_BYTES,
  CONFIGURATION_MAX_DEPTH,
  configurationProblem,
} from '@fleet/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The contract's rules for a desired configuration, said in the user's language (for JsonObjectEditor). */
export function useConfigurationCheck() {
  const { t } = useTranslation();
  return useCallback(
    (content: Record<string, unknown>) => {
      const problem = configurationProblem(content);
      if (!problem) return null;
      return t(`configuration.desired.problems.${problem.rule}`, {
        kib: CONFIGURATION_MAX_BYTES / 1024,
        depth: CONFIGURATION_MAX_DEPTH,
        length: CONFIGURATION_KEY_MAX_LENGTH,
      });
    },
    [t],
  );
}

/** A setting's value as JSON writes it, so that "1", 1 and true read apart. */
export const settingText = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
