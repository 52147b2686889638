import {
  COMPONENT_STATUSES,
  DEVICE_STATUS_CODES,
  DEVICE_STATUSES,
  EARLY_ACCESS_VALUES,
  ONLINE_STATUSES,
  jobListLabelKey,
  type SeriesFilterSuggestions,
} from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { filterSuggestionsQueryOptions } from '../../../lib/endpoints/series-filter-suggestions';
import { deviceStatusKey } from './device-status';

type SuggestionList = Exclude<keyof SeriesFilterSuggestions, 'groups'>;

/** Which suggestion list of the FilterSuggestion answer feeds which token. */
const SUGGESTION_LISTS: Record<string, SuggestionList> = {
  TypeFilter: 'types',
  MakerFilter: 'makers',
  SoftwareVersionFilter: 'softwareVersion',
  DatabaseVersionFilter: 'databaseVersion',
  DealerCodeFilter: 'dealerCodes',
  SerieJobFilter: 'jobType',
  VersionTypeFilter: 'versionType',
  VersionNumberFilter: 'versionNumber',
};

/** The translation key of a suggested value that is a name in the user's words (a job or version type). */
const LABEL_KEYS: Partial<Record<SuggestionList, (value: string) => string>> = {
  jobType: (value) => `jobs.${jobListLabelKey('type', value)}`,
  versionType: (value) => `versions.kind.${value.toLowerCase()}`,
};

/**
 * The values the devices list's tokens offer: fixed choices in the user's language, the others from
 * the server's suggestions, which load only when `enabled` (the filter bar was opened).
 */
export function useSeriesTokenOptions(enabled: boolean): TokenOptions {
  const { t } = useTranslation();
  const suggestions = useQuery(filterSuggestionsQueryOptions(enabled));
  useErrorToastOnce(suggestions, { action: 'series.filter_suggestions' });
  const { data, isError } = suggestions;

  return useCallback<TokenOptions>(
    (definition) => {
      switch (definition.type) {
        case 'StatusFilter':
          return ONLINE_STATUSES.map((value) => ({
            value,
            label: t(`series.heartbeat.${value.toLowerCase()}`),
          }));
        case 'SerieStatusFilter':
          return DEVICE_STATUS_CODES.map((code) => ({
            value: DEVICE_STATUSES[code],
            label: t(deviceStatusKey(code)),
          }));
        case 'EarlyAccessFilter':
          return EARLY_ACCESS_VALUES.map((value) => ({ value, label: t(`series.early_access.${value}`) }));
        case 'ComponentStatusFilter':
          return COMPONENT_STATUSES.map((value) => ({
            value,
            label: t(`series.detail.components.status.${value}`),
          }));
      }
      const list = SUGGESTION_LISTS[definition.type];
      if (!list && definition.type !== 'Group') return undefined;
      if (isError) return [];
      if (!data) return null;
      if (!list)
        return data.groups.map((group) => ({ value: String(group.groupId), label: group.groupName }));
      const labelKey = LABEL_KEYS[list];
      return data[list].map((value) => ({ value, label: labelKey ? t(labelKey(value)) : value }));
    },
    [t, data, isError],
  );
}
