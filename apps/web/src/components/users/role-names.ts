import type { RoleCode } from '@fleet/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../lib/message-key';

/** A role's name in the user's language (keys are the codes with dashes as underscores). */
export function useRoleName(): (role: RoleCode) => string {
  const { t } = useTranslation();
  return useCallback((role) => t(`rights.role_names.${messageKey(role)}`), [t]);
}
