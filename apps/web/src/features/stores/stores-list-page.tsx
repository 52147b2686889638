import { STORE_ARCHIVED, STORE_LIST, STORE_TOKENS, type Store } from '@fleet/contract';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import { showSuccess } from '../../components/show-success';
import type { DataColumn } from '../../components/table/data-table';
import { storesQueryOptions } from './api';
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
  const rights = useStoreRights();
  const names = useStoreNames();
  const [searchParams, setSearchParams] = useSearchParams();
  const stores = useTokenList({
    definition: STORE_LIST,
    rememberAs: 'stores',
    keep: [STORE_ID],
    tokens: STORE_TOKENS,
    query: storesQueryOptions,
    errorAction: 'stores.list',
  });
  const options = useStoreTokenOptions(rights.internal);
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
    open(created.id);
  };

  const columns: DataColumn<Store>[] = [
    {
      prop: 'officialStoreCode',
      labelLang: 'stores.fields.official_store_code',
      sortable: true,
      sortBy: 'OfficialStoreCode',
      cell: (store) => (
        <Button
          variant="subtle"
          size="compact-sm"
          px={4}
          onClick={() => open(store.id)}
          aria-label={t('stores.list.open', { code: store.officialStoreCode })}
        >
          {store.officialStoreCode}
        </Button>
      ),
    },
    {
      prop: 'name',
      labelLang: 'stores.fields.name',
      sortable: true,
      sortBy: 'Name',
      forceNormalWordBreak: true,
      cell: (store) => store.name,
    },
    { prop: 'dealerCode', labelLang: 'stores.fields.dealer_code', cell: (store) => store.dealerCode ?? '—' },
    {
      prop: 'locality',
      labelLang: 'common.address.locality',
      forceNormalWordBreak: true,
      cell: (store) => store.storeAddress?.locality ?? '—',
    },
    ...(rights.internal
      ? [
          {
            prop: 'company',
            labelLang: 'stores.fields.company',
            cell: (store: Store) => names.company(store.companyId) ?? '—',
          },
        ]
      : []),
    {
      prop: 'deviceCount',
      labelLang: 'stores.fields.devices',
      sortable: true,
      sortBy: 'DeviceCount',
      type: 'number',
      styleJustify: 'right',
      cell: (store) => store.deviceCount,
    },
    {
      prop: 'storeStatus',
      labelLang: 'stores.fields.status',
      type: 'status',
      cell: (store) =>
        store.storeStatus === STORE_ARCHIVED ? (
          <Badge color="gray">{t('stores.status.archived')}</Badge>
        ) : (
          <Text size="sm">{t('stores.status.active')}</Text>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <TokenListFrame
        state={stores}
        items={(data) => data.stores}
        summary={(count) => t('stores.list.total', { count })}
        empty={{ title: t('stores.list.empty_title'), text: t('stores.list.empty_text') }}
        freeTextType="Search"
        options={options}
        actions={rights.edit && <Button onClick={() => void create()}>{t('stores.actions.create')}</Button>}
        table={{
          label: t('stores.list.table'),
          columns,
          rowKey: (store) => String(store.id),
          minWidth: 720,
          rowClick: { mode: 'callback', onClick: (store) => open(store.id), focusable: false },
        }}
      />
      <StoreDrawer storeId={storeId} rights={rights} onClose={() => open(null)} />
    </Stack>
  );
}
