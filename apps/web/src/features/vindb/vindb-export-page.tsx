import {
  BATTERY_LIST,
  BATTERY_TOKENS,
  VEHICLE_LIST,
  VEHICLE_TOKENS,
  type ListDefinition,
  type SearchTokenDefinition,
} from '@fleet/contract';
import { Stack, Text } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListExportPanel } from '../../components/list-export-panel';
import { ListSummary } from '../../components/list/list-summary';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { exportFilters, offsetListRequest } from '../../lib/list-request';
import { VINDB_FILES, batteriesQueryOptions, vehiclesQueryOptions } from './api';
import { KindControl, useVinDbKind, type VinDbKind } from './vindb-kind';
import { useBatteryTokenOptions, useVehicleTokenOptions } from './vindb-tokens';

interface ExportOfProps {
  kind: VinDbKind;
  definition: ListDefinition;
  tokens: readonly SearchTokenDefinition[];
  options: TokenOptions;
  query: (request: URLSearchParams) => UseQueryOptions<{ totalCount: number }, Error, { totalCount: number }>;
}

/** The records of the list's filters (kept with the list's own tab), written to a file through a task. */
function ExportOf({ kind, definition, tokens, options, query }: ExportOfProps) {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(definition, `vindb-${kind}`, ['kind']);
  const definitions = useAvailableTokens(tokens);
  const {
    filters,
    limitProblem,
    blocked,
    setTokens,
    tokens: current,
  } = useTokenFilters(list, dispatch, definitions);
  const matching = useQuery({
    ...query(offsetListRequest({ ...list, pageNumber: 1 }, filters)),
    enabled: !limitProblem,
  });
  useErrorToastOnce(matching, { action: `vindb.${kind}`, resetKey: JSON.stringify(filters) });
  const total = matching.data?.totalCount;
  return (
    <Stack gap="md">
      <Text>{t(`vindb.export.${kind}.intro`)}</Text>
      <SearchTokenBar
        definitions={definitions}
        tokens={current}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <ListSummary
        text={total === undefined ? null : t(`vindb.${kind}.total`, { count: total })}
        refreshing={matching.isFetching && matching.data !== undefined}
      />
      <ListExportPanel
        task={`${kind}-export`}
        key={JSON.stringify(filters)}
        defaultDescription={t(`vindb.export.${kind}.default_description`, {
          date: new Date().toISOString().slice(0, 10),
        })}
        filters={exportFilters(filters)}
        request={VINDB_FILES[kind].export}
        blocked={blocked ? blocked.text : total === 0 ? t(`vindb.export.nothing`) : null}
      />
    </Stack>
  );
}

/**
 * The VIN database's export (VINDB.EXPORT): the vehicles or batteries of the list's filters written to CSV
 * or XLSX through a task, in the columns of an import of the same records.
 */
export function VinDbExportPage() {
  const [kind, setKind] = useVinDbKind();
  const vehicleOptions = useVehicleTokenOptions();
  const batteryOptions = useBatteryTokenOptions();
  return (
    <Stack gap="md">
      <KindControl kind={kind} onChange={setKind} />
      {kind === 'vehicles' ? (
        <ExportOf
          key="vehicles"
          kind="vehicles"
          definition={VEHICLE_LIST}
          tokens={VEHICLE_TOKENS}
          options={vehicleOptions}
          query={vehiclesQueryOptions as ExportOfProps['query']}
        />
      ) : (
        <ExportOf
          key="batteries"
          kind="batteries"
          definition={BATTERY_LIST}
          tokens={BATTERY_TOKENS}
          options={batteryOptions}
          query={batteriesQueryOptions as ExportOfProps['query']}
        />
      )}
    </Stack>
  );
}
