import { hasAnyRole, seesWholeFleet, STORE_ADDRESS_ROLES } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useCanUse } from '../../hooks/use-can-use';
import { useMe } from '../../hooks/use-me';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';

/** What the user may do with stores (spec §6): the server checks the same. */
export interface StoreRights {
  /** An internal member: every company's stores, the company filter and field. */
  internal: boolean;
  /** Create, edit, archive and delete (STORES.EDIT). */
  edit: boolean;
  /** Attach and detach devices (STORES.EDIT and the store-editing roles). */
  attach: boolean;
  seesAddress: boolean;
}

export function useStoreRights(): StoreRights {
  const roles = useMe().data?.roles ?? [];
  const edit = useCanUse('STORES.EDIT');
  return {
    internal: seesWholeFleet(roles),
    edit,
    attach: edit && hasAnyRole(STORE_ADDRESS_ROLES, roles),
    seesAddress: hasAnyRole(STORE_ADDRESS_ROLES, roles),
  };
}

/** Company and group names by id, from the directory. */
export function useStoreNames() {
  const companies = useQuery(companiesQueryOptions);
  const groups = useQuery(deviceGroupsQueryOptions);
  return {
    company: (id: string | null) =>
      id === null ? null : (companies.data?.companies.find((company) => company.id === id)?.name ?? id),
    group: (id: number | null) =>
      id === null ? null : (groups.data?.groups.find((group) => group.id === id)?.name ?? String(id)),
  };
}
