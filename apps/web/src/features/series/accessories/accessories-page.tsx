import { ACCESSORIES_LIST, ACCESSORY_TOKENS } from '@fleet/contract';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '../../../components/list/cursor-pager';
import { ListContent } from '../../../components/list/list-content';
import { ListControls } from '../../../components/list/list-controls';
import { ListSummary } from '../../../components/list/list-summary';
import { SearchTokenBar } from '../../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { useTokenFilters } from '../../../components/search-tokens/use-token-filters';
import { useAvailableTokens } from '../../../components/search-tokens/use-available-tokens';
import { useCursorPosition } from '../../../hooks/use-cursor-position';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { useListState } from '../../../hooks/use-list-state';
import { positionOf } from '../../../lib/cursor-position';
import { cursorListRequest } from '../../../lib/list-request';
import { accessoriesQueryOptions } from '../api/accessories';
import { AccessoryCard } from './accessory-card';
import { accessorySortColumns } from './sort-columns';
import { keptWhileOffline } from '../../../components/list/kept-while-offline';

const CARD_COLUMNS = { base: 1, sm: 2, lg: 3, xl: 5 };
const CARD_HEIGHT = 150;

/** Serial numbers are typed, never picked from a list. */
const NO_SUGGESTIONS: TokenOptions = () => undefined;

/** The server gives no total: the page is named only as far as the moves that led to it tell. */
function pageText(position: ReturnType<typeof positionOf>, t: TFunction): string | null {
  if (!position) return null;
  if (position.from === 'end') {
    return position.page === 1
      ? t('series.accessories.page_last')
      : t('series.accessories.page_from_end', { page: position.page });
  }
  return t(position.last ? 'series.accessories.page_of_last' : 'series.accessories.page', {
    page: position.page,
  });
}

/**
 * The accessories list: filtered by accessory and device serial numbers (search tokens), sorted, 10 to 100
 * cards a page, paged by the cursors the server hands out; all of it in the URL.
 */
export function AccessoriesPage() {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(ACCESSORIES_LIST, 'series.accessories');
  const definitions = useAvailableTokens(ACCESSORY_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const query = cursorListRequest(list, filters);
  const accessories = useQuery({
    ...accessoriesQueryOptions(query),
    enabled: limitProblem === null,
    placeholderData: keptWhileOffline,
  });
  const resetKey = JSON.stringify([filters, list.sortColumnName, list.sortOrder]);
  useErrorToastOnce(accessories, { action: 'series.accessories', resetKey });
  const listKey = cursorListRequest({ ...list, cursor: null }, filters).toString();
  const { position, follow } = useCursorPosition(listKey, list.cursor, dispatch);
  const paging = accessories.data?.paging ?? null;
  const failed = accessories.isError && !accessories.data;

  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={NO_SUGGESTIONS}
        freeTextType="AccessoriesSerialNumbers"
      />
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={accessories.data && !limitProblem ? pageText(positionOf(position, paging), t) : null}
          refreshing={accessories.isFetching && accessories.data !== undefined}
        />
        <ListControls list={list} dispatch={dispatch} columns={accessorySortColumns(t)} />
      </Group>
      <ListContent
        items={accessories.data?.accessories ?? null}
        failed={failed}
        call={accessories}
        empty={{ title: t('series.accessories.empty_title'), text: t('series.accessories.empty_text') }}
        filters={{
          active: tokens.length > 0,
          onClear: () => dispatch({ type: 'filters', filters: {} }),
          title: t('series.accessories.no_match'),
        }}
        skeleton={{ kind: 'cards', count: list.pageSize, cols: CARD_COLUMNS, height: CARD_HEIGHT }}
        blocked={blocked}
      >
        {(shown) => (
          <SimpleGrid cols={CARD_COLUMNS} spacing="sm">
            {shown.map((accessory) => (
              <AccessoryCard key={accessory.serialNumber} accessory={accessory} />
            ))}
          </SimpleGrid>
        )}
      </ListContent>
      {!limitProblem && <CursorPager paging={paging} onCursor={follow} failed={failed} />}
    </Stack>
  );
}
