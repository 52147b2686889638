import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/endpoints/me';
import { useAuth } from './use-auth';

/** The signed-in user: roles and usable features. */
export function useMe() {
  const { status } = useAuth();
  return useQuery(meQueryOptions(status === 'signed-in'));
}
