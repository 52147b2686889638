import { STORE_ARCHIVED, STORE_LIST, STORE_TOKENS } from '@fleet/contract';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListControls } from '../../components/list/list-controls';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import { showSuccess } from '../../components/show-success';
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
        controls={
          <ListControls
            list={stores.list}
            dispatch={stores.dispatch}
            columns={[
              { value: 'OfficialStoreCode', label: t('stores.fields.official_store_code') },
              { value: 'Name', label: t('stores.fields.name') },
              { value: 'DeviceCount', label: t('stores.fields.devices') },
              { value: 'Id', label: t('stores.fields.created') },
            ]}
          />
        }
      >
        {(page) => (
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover aria-label={t('stores.list.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('stores.fields.official_store_code')}</Table.Th>
                  <Table.Th>{t('stores.fields.name')}</Table.Th>
                  <Table.Th>{t('stores.fields.dealer_code')}</Table.Th>
                  <Table.Th>{t('common.address.locality')}</Table.Th>
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
      </TokenListFrame>
      <StoreDrawer storeId={storeId} rights={rights} onClose={() => open(null)} />
    </Stack>
  );
}
