import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchTokenBar } from '../search-tokens/search-token-bar';
import type { TokenOptions } from '../search-tokens/token-options';
import { ListContent } from './list-content';
import type { ListSkeletonShape } from './list-skeleton';
import { ListSummary } from './list-summary';
import { Pager } from './pager';
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
  children: (items: readonly T[]) => ReactNode;
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
  children,
}: TokenListFrameProps<TData, T>) {
  const { list, dispatch, call, tokens, definitions, setTokens, limitProblem, blocked } = state;
  const failed = call.isError && !call.data;
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
        {controls}
      </Group>
      <ListContent
        items={call.data ? items(call.data) : null}
        failed={failed}
        call={call}
        empty={empty}
        filters={{ active: tokens.length > 0, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
        skeleton={skeleton ?? { kind: 'rows', count: Math.min(list.pageSize, 20) }}
        blocked={blocked}
      >
        {children}
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
