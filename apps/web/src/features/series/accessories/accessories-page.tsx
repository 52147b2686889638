import { ACCESSORIES_LIST } from '@fleet/contract';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '../../../components/list/cursor-pager';
import { ListContent } from '../../../components/list/list-content';
import { SortControl } from '../../../components/list/sort-control';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { useListState } from '../../../hooks/use-list-state';
import { cursorListRequest } from '../../../lib/list-request';
import { accessoriesQueryOptions } from '../api/accessories';
import { AccessoryCard } from './accessory-card';
import { accessorySortColumns } from './sort-columns';

/** The accessories list: 10 cards a page, paged by the cursors the server hands out; the cursor is in the URL. */
export function AccessoriesPage() {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(ACCESSORIES_LIST, 'series.accessories');
  const accessories = useQuery(accessoriesQueryOptions(cursorListRequest(list)));
  useErrorToastOnce(accessories, {
    action: 'series.accessories',
    resetKey: `${list.sortColumnName} ${list.sortOrder}`,
  });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <SortControl
          columns={accessorySortColumns(t)}
          column={list.sortColumnName}
          order={list.sortOrder}
          onChange={(sortColumnName, sortOrder) => dispatch({ type: 'sort', sortColumnName, sortOrder })}
        />
      </Group>
      <ListContent items={accessories.data?.accessories ?? null} failed={accessories.isError}>
        {(shown) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="sm">
            {shown.map((accessory) => (
              <AccessoryCard key={accessory.serialNumber} accessory={accessory} />
            ))}
          </SimpleGrid>
        )}
      </ListContent>
      <CursorPager
        paging={accessories.data?.paging ?? null}
        onCursor={(cursor) => dispatch({ type: 'cursor', cursor })}
        failed={accessories.isError}
      />
    </Stack>
  );
}
