import { ESAT_ENTRY_ROLES, hasAnyRole } from '@fleet/contract';
import { useMe } from '../../hooks/use-me';

/** Whether the user enters and imports survey results (external ESAT users, administrators). */
export function useEntersSurveys(): boolean {
  return hasAnyRole(ESAT_ENTRY_ROLES, useMe().data?.roles ?? []);
}
