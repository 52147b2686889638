import { STORE_LIST, STORE_TOKENS } from '@fleet/contract';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListExportPanel } from '../../components/list-export-panel';
import { ListSummary } from '../../components/list/list-summary';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { exportFilters, offsetListRequest } from '../../lib/list-request';
import { requestStoreExport, storesQueryOptions } from './api';
import { useStoreRights } from './store-rights';
import { useStoreTokenOptions } from './store-tokens';

/**
 * Route Store_Export (docs/company-tools.md): the stores of the list's filters (the same filters as the
 * list, kept between the two tabs) written to CSV or XLSX through a task, with the columns of an import.
 */
export function StoreExportPage() {
  const { t } = useTranslation();
  const rights = useStoreRights();
  const [list, dispatch] = useListState(STORE_LIST, 'stores');
  const definitions = useAvailableTokens(STORE_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const options = useStoreTokenOptions(rights.internal);
  const matching = useQuery({
    ...storesQueryOptions(offsetListRequest({ ...list, pageNumber: 1 }, filters)),
    enabled: !limitProblem,
  });
  useErrorToastOnce(matching, { action: 'stores.list', resetKey: JSON.stringify(filters) });
  const total = matching.data?.totalCount;
  return (
    <Stack gap="md">
      <Text>{t('stores.export.intro')}</Text>
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <ListSummary
        text={total === undefined ? null : t('stores.list.total', { count: total })}
        refreshing={matching.isFetching && matching.data !== undefined}
      />
      <ListExportPanel
        task="stores-export"
        key={JSON.stringify(filters)}
        defaultDescription={t('stores.export.default_description', {
          date: new Date().toISOString().slice(0, 10),
        })}
        filters={exportFilters(filters)}
        request={requestStoreExport}
        blocked={blocked ? blocked.text : total === 0 ? t('stores.export.nothing') : null}
      />
    </Stack>
  );
}
