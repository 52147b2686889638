import { listQueryString, listReducer, SERIES_LIST, SERIES_TOKENS } from '@fleet/contract';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListControls } from '../../../components/list/list-controls';
import { ListContent } from '../../../components/list/list-content';
import { ListSummary } from '../../../components/list/list-summary';
import { Pager } from '../../../components/list/pager';
import { SelectionBar } from '../../../components/list/selection-bar';
import { SavedFilters } from '../../../components/search-tokens/saved-filters';
import { SearchTokenBar } from '../../../components/search-tokens/search-token-bar';
import { useTokenFilters } from '../../../components/search-tokens/use-token-filters';
import { useAvailableTokens } from '../../../components/search-tokens/use-available-tokens';
import { useBulkSelection } from '../../../hooks/use-bulk-selection';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { useListState } from '../../../hooks/use-list-state';
import { usePageInRange } from '../../../hooks/use-page-in-range';
import { offsetListRequest } from '../../../lib/list-request';
import { seriesListQueryOptions } from '../api/series-list';
import { BulkEarlyAccessActions, useMaySetEarlyAccessOfSelection } from './bulk-early-access';
import { ExportSelection, useMayExportSelection } from './export-selection';
import { DeviceCard } from './device-card';
import { ConnectedDevicesList } from '../connected-devices/connected-devices-list';
import { HeartbeatFreshnessContext } from './heartbeat-indicator';
import { seriesSortColumns } from './sort-columns';
import type { StoreFilter } from './store-link';
import { useDeviceStatuses } from './use-device-statuses';
import { useSeriesTokenOptions } from './use-series-token-options';
import { keptWhileOffline } from '../../../components/list/kept-while-offline';

const CARD_COLUMNS = { base: 1, sm: 2, lg: 3 };
/** About the height of a device card, so placeholders take the room the cards will take. */
const CARD_HEIGHT = 138;

/** The devices list (spec §2): filter tokens, sort, page size and page in the URL; cards with live status. */
export function DevicesPage() {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(SERIES_LIST, 'series.devices');
  const definitions = useAvailableTokens(SERIES_TOKENS);
  // Only tokens this user may use reach the server, whatever a copied link carries.
  // Values the server would refuse are never sent: the bar says why instead.
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const [suggestionsWanted, setSuggestionsWanted] = useState(false);
  const options = useSeriesTokenOptions(suggestionsWanted || tokens.some((token) => token.type === 'Group'));

  const series = useQuery({
    ...seriesListQueryOptions(offsetListRequest(list, filters)),
    enabled: limitProblem === null,
    placeholderData: keptWhileOffline,
  });
  const resetKey = JSON.stringify([filters, list.sortColumnName, list.sortOrder]);
  useErrorToastOnce(series, { action: 'series.list', resetKey });
  const cards = series.data?.series ?? null;
  const serialNumbers = cards?.map((card) => card.serialNumber) ?? [];
  const { heartbeats, heartbeatFreshness, validities, lastUpdates } = useDeviceStatuses(
    serialNumbers,
    resetKey,
  );
  const selection = useBulkSelection();
  const maySetEarlyAccess = useMaySetEarlyAccessOfSelection();
  const mayExport = useMayExportSelection();
  // A selection leads to the actions the user holds: without any, there is nothing to select for.
  const selectable = maySetEarlyAccess || mayExport;
  const outOfRange = usePageInRange(list, dispatch, series.data?.totalCount);
  const failed = series.isError && !series.data;
  const clearFilters = () => dispatch({ type: 'filters', filters: {} });

  const filterLink = (filter: StoreFilter, code: string) =>
    definitions.some((definition) => definition.type === filter)
      ? `?${listQueryString(listReducer(list, { type: 'filters', filters: { [filter]: [code] } }, SERIES_LIST))}`
      : null;

  return (
    <Stack gap="md">
      <ConnectedDevicesList />
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        onOpen={() => setSuggestionsWanted(true)}
        freeTextType="Search"
      />
      <SavedFilters list="series" definitions={definitions} filters={filters} onApply={setTokens} />
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={
            series.data && !limitProblem ? t('series.devices.total', { count: series.data.totalCount }) : null
          }
          refreshing={series.isFetching && series.data !== undefined}
        />
        <ListControls list={list} dispatch={dispatch} columns={seriesSortColumns(t)} />
      </Group>
      {selectable && (
        <SelectionBar
          selection={selection}
          pageIds={serialNumbers}
          actions={
            <>
              {mayExport && <ExportSelection selection={selection} />}
              {maySetEarlyAccess && <BulkEarlyAccessActions selection={selection} />}
            </>
          }
        />
      )}
      <HeartbeatFreshnessContext.Provider value={heartbeatFreshness}>
        <ListContent
          items={cards}
          failed={failed}
          call={series}
          empty={{ title: t('series.devices.empty_title'), text: t('series.devices.empty_text') }}
          filters={{
            active: tokens.length > 0,
            onClear: clearFilters,
            title: t('series.devices.no_match'),
          }}
          skeleton={{ kind: 'cards', count: list.pageSize, cols: CARD_COLUMNS, height: CARD_HEIGHT }}
          blocked={blocked}
          settling={outOfRange}
        >
          {(shown) => (
            <SimpleGrid cols={CARD_COLUMNS} spacing="sm">
              {shown.map((card) => (
                <DeviceCard
                  key={card.serialNumber}
                  card={card}
                  heartbeat={heartbeats?.[card.serialNumber]}
                  validity={validities?.[card.serialNumber]}
                  lastUpdate={lastUpdates?.[card.serialNumber]}
                  selection={
                    selectable
                      ? {
                          selected: selection.isSelected(card.serialNumber),
                          selectable: !selection.full,
                          onToggle: () => selection.toggle(card.serialNumber),
                        }
                      : null
                  }
                  filterLink={filterLink}
                />
              ))}
            </SimpleGrid>
          )}
        </ListContent>
      </HeartbeatFreshnessContext.Provider>
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={series.data?.totalCount ?? null}
        failed={failed || limitProblem !== null}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
      />
    </Stack>
  );
}
