import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BulkSelection } from '../../hooks/use-bulk-selection';
import { DataTable, type DataColumn, type RowClick } from '../table/data-table';
import { SearchTokenBar } from '../search-tokens/search-token-bar';
import type { TokenOptions } from '../search-tokens/token-options';
import { ListContent } from './list-content';
import type { ListSkeletonShape } from './list-skeleton';
import { ListSummary } from './list-summary';
import { PageSizeSelect } from './page-size-select';
import { Pager } from './pager';
import { SelectionBar } from './selection-bar';
import type { TokenList } from './use-token-list';

const noOptions: TokenOptions = () => undefined;

interface TokenListFrameProps<TData extends { totalCount: number }, T> {
  state: TokenList<TData>;
  items: (data: TData) => readonly T[];
  /** The count sentence ("12 devices"). */
  summary: (totalCount: number) => string;
  empty: { title: string; text?: string };
  /** The token that text typed without picking a type first goes to. */
  freeTextType?: string;
  options?: TokenOptions;
  /** Beside the count: a create button, say. */
  actions?: ReactNode;
  /** At the other end of the count's line: sort and page size, say. */
  controls?: ReactNode;
  skeleton?: ListSkeletonShape;
  /**
   * The items as the one table: its headers sort the list (in the URL), the page size sits beside the
   * count. Without it, `children` lays the items out (cards, say) and `controls` holds the sort.
   */
  table?: TokenListTable<T>;
  children?: (items: readonly T[]) => ReactNode;
}

export interface TokenListTable<T> {
  label: string;
  columns: readonly DataColumn<T>[];
  rowKey: (item: T) => string;
  rowClick?: RowClick<T>;
  minWidth?: number;
  /** A checkbox per row, the selection's bar above the table and what can be done with it. */
  selection?: { state: BulkSelection; label: (item: T) => string; actions: ReactNode };
}

/** A token list's screen: the filter bar, the count, the items (or why there are none), the pager. */
export function TokenListFrame<TData extends { totalCount: number }, T>({
  state,
  items,
  summary,
  empty,
  freeTextType,
  options = noOptions,
  actions,
  controls,
  skeleton,
  table,
  children,
}: TokenListFrameProps<TData, T>) {
  const { list, dispatch, call, tokens, definitions, setTokens, limitProblem, blocked } = state;
  const failed = call.isError && !call.data;
  const pageSize = table && (
    <PageSizeSelect
      value={list.pageSize}
      onChange={(size) => dispatch({ type: 'pageSize', pageSize: size })}
    />
  );
  const selection = table?.selection;
  const render = (shown: readonly T[]) =>
    table ? (
      <DataTable
        {...table}
        selection={selection && { state: selection.state, label: selection.label }}
        items={shown}
        sort={{
          state: { column: list.sortColumnName, order: list.sortOrder },
          onSort: ({ column, order }) => dispatch({ type: 'sort', sortColumnName: column, sortOrder: order }),
        }}
      />
    ) : (
      children?.(shown)
    );
  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType={freeTextType}
      />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <ListSummary
            text={call.data ? summary(call.data.totalCount) : null}
            refreshing={call.isFetching && call.data !== undefined}
          />
          {actions}
        </Group>
        {controls ?? pageSize}
      </Group>
      {table && selection && (
        <SelectionBar
          selection={selection.state}
          pageIds={call.data ? items(call.data).map(table.rowKey) : []}
          actions={selection.actions}
        />
      )}
      <ListContent
        items={call.data ? items(call.data) : null}
        failed={failed}
        call={call}
        empty={empty}
        filters={{ active: tokens.length > 0, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
        skeleton={skeleton ?? { kind: 'rows', count: Math.min(list.pageSize, 20) }}
        blocked={blocked}
      >
        {render}
      </ListContent>
      {!limitProblem && (
        <Pager
          pageNumber={list.pageNumber}
          pageSize={list.pageSize}
          totalCount={call.data?.totalCount ?? null}
          onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
          failed={failed}
        />
      )}
    </Stack>
  );
}
