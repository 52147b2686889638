import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';

/** The choices of the stores list's filters: statuses, and companies and groups for internal members. */
export function useStoreTokenOptions(internal: boolean): TokenOptions {
  const { t } = useTranslation();
  const companies = useQuery({ ...companiesQueryOptions, enabled: internal });
  const groups = useQuery({ ...deviceGroupsQueryOptions, enabled: internal });
  return useCallback<TokenOptions>(
    (definition) => {
      switch (definition.type) {
        case 'StoreStatus':
          return ['0', '1'].map((value) => ({
            value,
            label: t(`stores.status.${value === '1' ? 'archived' : 'active'}`),
          }));
        case 'Company':
          return companies.data?.companies.map((company) => ({ value: company.id, label: company.name }));
        case 'Group':
          return groups.data?.groups.map((group) => ({ value: String(group.id), label: group.name }));
        default:
          return undefined;
      }
    },
    [t, companies.data, groups.data],
  );
}
