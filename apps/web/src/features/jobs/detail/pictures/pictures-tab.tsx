import { JOB_PICTURE_LIST, JOB_PICTURE_SORT_COLUMNS, type JobPicture } from '@fleet/contract';
import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_GRID_COLS } from '../../../../components/card-image';
import { ImageViewer } from '../../../../components/image-viewer';
import { ListContent } from '../../../../components/list/list-content';
import { ListControls } from '../../../../components/list/list-controls';
import { ListSummary } from '../../../../components/list/list-summary';
import { Pager } from '../../../../components/list/pager';
import { useListState } from '../../../../hooks/use-list-state';
import { jobDetailQueryOptions, jobPictureQueryOptions, jobPicturesQueryOptions } from '../../api/job-detail';
import { useJobId } from '../job-detail-page';
import { PictureCard } from './picture-card';
import { keptWhileOffline } from '../../../../components/list/kept-while-offline';

/** Jobs spec §5: search input is debounced 100 ms. */
const SEARCH_DEBOUNCE_MS = 100;

/**
 * The Pictures tab (jobs spec §2): cards with their metadata, a free-text search, sorted by Name (the
 * default) or PostedDate and paged in the address, a total, and the full-screen viewer.
 */
export function PicturesTab() {
  const { t } = useTranslation();
  const jobId = useJobId();
  const serialNumber = useQuery(jobDetailQueryOptions(jobId)).data?.job.serialNumber ?? '';
  const [list, dispatch] = useListState(JOB_PICTURE_LIST);
  const pictures = useQuery({ ...jobPicturesQueryOptions(jobId, list), placeholderData: keptWhileOffline });
  const [search, setSearch] = useState(list.filters.Search?.[0] ?? '');
  const applySearch = useDebouncedCallback(
    (text: string) =>
      dispatch({ type: 'filters', filters: text.trim() ? { Search: [text.trim()] } : {} }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );
  const [shown, setShown] = useState<JobPicture | null>(null);
  // The list's link may have expired since the page was read: the picture shown is asked for again.
  const fresh = useQuery(jobPictureQueryOptions(jobId, shown?.id ?? null));
  const items = pictures.data?.data ?? null;
  const total = pictures.isError ? 0 : (pictures.data?.totalCount ?? null);
  const searching = (list.filters.Search?.length ?? 0) > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          w={260}
          label={t('job_detail.pictures.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        <ListControls
          list={list}
          dispatch={dispatch}
          columns={JOB_PICTURE_SORT_COLUMNS.map((value) => ({
            value,
            label: t(`job_detail.pictures.sort.${value.toLowerCase()}`),
          }))}
        />
      </Group>
      <ListSummary
        text={total === null ? null : t('job_detail.pictures.total', { count: total })}
        refreshing={pictures.isFetching && pictures.data !== undefined}
      />
      <ListContent
        items={items}
        failed={pictures.isError}
        call={pictures}
        empty={{ title: t('job_detail.pictures.none') }}
        filters={{
          active: searching,
          onClear: () => {
            setSearch('');
            dispatch({ type: 'filters', filters: {} });
          },
          title: t('job_detail.pictures.none_matching'),
        }}
        skeleton={{ kind: 'cards', count: 4, cols: CARD_GRID_COLS, height: 260 }}
      >
        {(page) => (
          <SimpleGrid cols={CARD_GRID_COLS} spacing="sm">
            {page.map((picture) => (
              <PictureCard
                key={picture.id}
                picture={picture}
                serialNumber={serialNumber}
                onOpen={() => setShown(picture)}
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
        image={shown && { src: fresh.data?.mediaLink ?? shown.mediaLink, name: shown.filename }}
        onClose={() => setShown(null)}
      />
    </Stack>
  );
}
