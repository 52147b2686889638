import {
  DELETE_SCREENSHOT_ROLES,
  hasAnyRole,
  SCREENSHOT_LIST,
  SCREENSHOT_SORT_COLUMNS,
  type Screenshot,
} from '@fleet/contract';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CARD_GRID_COLS } from '../../../../components/card-image';
import { ImageViewer } from '../../../../components/image-viewer';
import { ListControls } from '../../../../components/list/list-controls';
import { ListContent } from '../../../../components/list/list-content';
import { ListSummary } from '../../../../components/list/list-summary';
import { Pager } from '../../../../components/list/pager';
import { useErrorToastOnce } from '../../../../hooks/use-error-toast-once';
import { useListState } from '../../../../hooks/use-list-state';
import { useMe } from '../../../../hooks/use-me';
import { screenshotsQueryOptions } from '../../api/screenshots';
import { ScreenshotCard } from './screenshot-card';
import { keptWhileOffline } from '../../../../components/list/kept-while-offline';

/** The device's screenshots as cards, sorted and paged in the URL; spec §8: a failure shows an empty list. */
export function DeviceScreenshotsTab() {
  const { t } = useTranslation();
  const serialNumber = useParams().serialNumber ?? '';
  const [list, dispatch] = useListState(SCREENSHOT_LIST);
  const screenshots = useQuery({
    ...screenshotsQueryOptions(serialNumber, list),
    placeholderData: keptWhileOffline,
  });
  useErrorToastOnce(screenshots, { action: 'series.screenshots' });
  const mayDelete = hasAnyRole(DELETE_SCREENSHOT_ROLES, useMe().data?.roles ?? []);
  const [shown, setShown] = useState<Screenshot | null>(null);
  const items = screenshots.isError ? [] : (screenshots.data?.data ?? null);
  const total = screenshots.isError ? 0 : (screenshots.data?.totalCount ?? null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={total === null ? null : t('series.detail.screenshots.total', { count: total })}
          refreshing={screenshots.isFetching && screenshots.data !== undefined}
        />
        <ListControls
          list={list}
          dispatch={dispatch}
          columns={SCREENSHOT_SORT_COLUMNS.map((value) => ({
            value,
            label: t(`series.detail.screenshots.sort.${value.toLowerCase()}`),
          }))}
        />
      </Group>
      <ListContent items={items} failed={false} empty={{ title: t('series.detail.screenshots.none') }}>
        {(page) => (
          <SimpleGrid cols={CARD_GRID_COLS} spacing="sm">
            {page.map((screenshot) => (
              <ScreenshotCard
                key={screenshot.name}
                serialNumber={serialNumber}
                screenshot={screenshot}
                mayDelete={mayDelete}
                onOpen={() => setShown(screenshot)}
              />
            ))}
          </SimpleGrid>
        )}
      </ListContent>
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={total ?? 0}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
      />
      <ImageViewer
        image={shown && { src: shown.mediaLink, name: shown.name }}
        onClose={() => setShown(null)}
      />
    </Stack>
  );
}
