import {
  CALIBRATION_VALIDITIES,
  CHECK_RESULTS,
  HAS_VIN_VALUES,
  JOB_STATUSES,
  JOB_TYPES,
  WITH_WARRANTY_CODE,
  type JobListName,
} from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenOption, TokenOptions } from '../../../components/search-tokens/token-options';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { listLabelKey } from './list-labels';
import { jobDeviceTypesQueryOptions, jobGroupsQueryOptions, jobUsersQueryOptions } from '../api/jobs';

const NAMED_LISTS: Record<string, [JobListName, readonly string[]]> = {
  JobType: ['type', JOB_TYPES],
  JobStatus: ['status', JOB_STATUSES],
  ValidCal: ['validity', CALIBRATION_VALIDITIES],
  ValidCheck: ['check', CHECK_RESULTS],
};

/**
 * The values the jobs lists' tokens offer: the named lists in the user's language, and the users,
 * device types and groups of the filter lists, which load once the filter bar is opened (`enabled`).
 */
export function useJobTokenOptions(enabled: boolean): TokenOptions {
  const { t } = useTranslation();
  const users = useQuery({ ...jobUsersQueryOptions(), enabled });
  const types = useQuery({ ...jobDeviceTypesQueryOptions(), enabled });
  const groups = useQuery({ ...jobGroupsQueryOptions(), enabled });
  useErrorToastOnce(users, { action: 'jobs.filter_lists' });

  return useCallback<TokenOptions>(
    (definition) => {
      const named = NAMED_LISTS[definition.type];
      if (named) {
        const [list, names] = named;
        return names.map((name) => ({ value: name, label: t(listLabelKey(list, name)) }));
      }
      const loaded = <T>(call: { data?: T; isError: boolean }, read: (data: T) => TokenOption[]) =>
        call.isError ? [] : call.data ? read(call.data) : null;
      switch (definition.type) {
        case 'HasVIN':
          return HAS_VIN_VALUES.map((value) => ({ value, label: t(`list.token_bar.${value}`) }));
        case 'FilterOnWarrantyCode':
          return [{ value: WITH_WARRANTY_CODE, label: t('jobs.filters.with_warranty_code_value') }];
        case 'User':
          return loaded(users, (data) => data.users.map((name) => ({ value: name, label: name })));
        case 'DeviceType':
          return loaded(types, (data) => data.devicesTypes.map((type) => ({ value: type, label: type })));
        case 'Group':
          return loaded(groups, (data) =>
            data.groups.map((group) => ({ value: String(group.groupId), label: group.groupName })),
          );
        default:
          return undefined;
      }
    },
    [t, users, types, groups],
  );
}
