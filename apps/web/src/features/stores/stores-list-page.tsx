import { STORE_ARCHIVED, STORE_LIST, STORE_TOKENS } from '@fleet/contract';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListContent } from '../../components/list/list-content';
import { ListControls } from '../../components/list/list-controls';
import { ListSummary } from '../../components/list/list-summary';
import { Pager } from '../../components/list/pager';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { showSuccess } from '../../components/show-success';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { usePageInRange } from '../../hooks/use-page-in-range';
import { offsetListRequest } from '../../lib/list-request';
import { STORES_KEY, storesQueryOptions } from './api';
import { StoreDrawer } from './store-drawer';
import { openStoreForm } from './store-form-dialog';
import { useStoreNames, useStoreRights } from './store-rights';
import { useStoreTokenOptions } from './store-tokens';

/** The store the drawer shows: a query key of the screen, kept by list changes. */
const STORE_ID = 'storeId';

/**
 * Route Store_List (platform §2, query storeId): stores searched, filtered and paged on the list engine;
 * a row opens the store in a drawer.
 */
export function StoresListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rights = useStoreRights();
  const names = useStoreNames();
  const [searchParams, setSearchParams] = useSearchParams();
  const [list, dispatch] = useListState(STORE_LIST, 'stores', [STORE_ID]);
  const definitions = useAvailableTokens(STORE_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const options = useStoreTokenOptions(rights.internal);
  const stores = useQuery({
    ...storesQueryOptions(offsetListRequest(list, filters)),
    enabled: !limitProblem,
  });
  useErrorToastOnce(stores, {
    action: 'stores.list',
    resetKey: JSON.stringify([filters, list.sortColumnName]),
  });
  usePageInRange(list, dispatch, stores.data?.totalCount);
  const storeId = Number(searchParams.get(STORE_ID)) || null;
  const open = (id: number | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(STORE_ID);
      else next.set(STORE_ID, String(id));
      return next;
    });
  const create = async () => {
    const created = await openStoreForm(null, rights);
    if (!created) return;
    showSuccess(t('stores.form.created', { code: created.officialStoreCode }));
    await queryClient.invalidateQueries({ queryKey: STORES_KEY });
    open(created.id);
  };

  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <ListSummary
            text={stores.data ? t('stores.list.total', { count: stores.data.totalCount }) : null}
            refreshing={stores.isFetching && stores.data !== undefined}
          />
          {rights.edit && <Button onClick={() => void create()}>{t('stores.actions.create')}</Button>}
        </Group>
        <ListControls
          list={list}
          dispatch={dispatch}
          columns={[
            { value: 'OfficialStoreCode', label: t('stores.fields.official_store_code') },
            { value: 'Name', label: t('stores.fields.name') },
            { value: 'DeviceCount', label: t('stores.fields.devices') },
            { value: 'Id', label: t('stores.fields.created') },
          ]}
        />
      </Group>
      <ListContent
        items={stores.data?.stores ?? null}
        failed={stores.isError && !stores.data}
        call={stores}
        empty={{ title: t('stores.list.empty_title'), text: t('stores.list.empty_text') }}
        filters={{ active: tokens.length > 0, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
        skeleton={{ kind: 'rows', count: Math.min(list.pageSize, 20) }}
        blocked={blocked}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover aria-label={t('stores.list.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('stores.fields.official_store_code')}</Table.Th>
                  <Table.Th>{t('stores.fields.name')}</Table.Th>
                  <Table.Th>{t('stores.fields.dealer_code')}</Table.Th>
                  <Table.Th>{t('stores.address.locality')}</Table.Th>
                  {rights.internal && <Table.Th>{t('stores.fields.company')}</Table.Th>}
                  <Table.Th ta="right">{t('stores.fields.devices')}</Table.Th>
                  <Table.Th>{t('stores.fields.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((store) => (
                  <Table.Tr key={store.id} data-testid="store-row">
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={4}
                        onClick={() => open(store.id)}
                        aria-label={t('stores.list.open', { code: store.officialStoreCode })}
                      >
                        {store.officialStoreCode}
                      </Button>
                    </Table.Td>
                    <Table.Td>{store.name}</Table.Td>
                    <Table.Td>{store.dealerCode ?? '—'}</Table.Td>
                    <Table.Td>{store.storeAddress?.locality ?? '—'}</Table.Td>
                    {rights.internal && <Table.Td>{names.company(store.companyId) ?? '—'}</Table.Td>}
                    <Table.Td ta="right">{store.deviceCount}</Table.Td>
                    <Table.Td>
                      {store.storeStatus === STORE_ARCHIVED ? (
                        <Badge color="gray">{t('stores.status.archived')}</Badge>
                      ) : (
                        <Text size="sm">{t('stores.status.active')}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListContent>
      {!limitProblem && (
        <Pager
          pageNumber={list.pageNumber}
          pageSize={list.pageSize}
          totalCount={stores.data?.totalCount ?? null}
          onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
          failed={stores.isError && !stores.data}
        />
      )}
      <StoreDrawer storeId={storeId} rights={rights} onClose={() => open(null)} />
    </Stack>
  );
}
