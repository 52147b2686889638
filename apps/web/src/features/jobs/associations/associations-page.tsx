import {
  ASSOCIATIONS_LIST,
  ASSOCIATION_MODES,
  ASSOCIATION_STATUSES,
  ASSOCIATION_SUBJECTS,
  associationQueryParameters,
  ASSOCIATION_TOKENS,
  type JobAssociation,
  type JobListName,
} from '@fleet/contract';
import { Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '../../../components/list/cursor-pager';
import { ListContent } from '../../../components/list/list-content';
import { ListControls } from '../../../components/list/list-controls';
import { SearchTokenBar } from '../../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { useTokenFilters } from '../../../components/search-tokens/use-token-filters';
import { useAvailableTokens } from '../../../components/search-tokens/use-available-tokens';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import { useCursorPosition } from '../../../hooks/use-cursor-position';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { useListState } from '../../../hooks/use-list-state';
import { cursorListRequest } from '../../../lib/list-request';
import { associationsQueryOptions } from '../api/jobs';
import { listLabelKey, useListLabel } from '../list/list-labels';
import classes from './associations-page.module.css';
import { keptWhileOffline } from '../../../components/list/kept-while-offline';

const NAMED: Record<string, [JobListName, readonly string[]]> = {
  AssociationStatusesList: ['associationStatus', ASSOCIATION_STATUSES],
  AssociationMode: ['associationMode', ASSOCIATION_MODES],
  AssociationSubject: ['associationSubject', ASSOCIATION_SUBJECTS],
};

function useAssociationTokenOptions(): TokenOptions {
  const { t } = useTranslation();
  return useCallback<TokenOptions>(
    (definition) => {
      const named = NAMED[definition.type];
      if (!named) return undefined;
      const [list, names] = named;
      return names.map((name) => ({ value: name, label: t(listLabelKey(list, name)) }));
    },
    [t],
  );
}

/** The selected association, every field of it. */
function AssociationCard({ association }: { association: JobAssociation }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const name = useListLabel();
  const field = (label: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {t(`jobs.associations.fields.${label}`)}
      </Text>
      <Text component="div">{value ?? '—'}</Text>
    </div>
  );
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="association-title">
      <Title order={2} size="h4" id="association-title" mb="sm">
        {t('jobs.associations.card_title', { id: association.id })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {field('device', <SerialNumberLink serialNumber={association.serialNumber} />)}
        {field('status', name('associationStatus', association.status))}
        {field('mode', name('associationMode', association.associationMode))}
        {field('subject', name('associationSubject', association.associationSubject))}
        {field('subject_id', association.associationSubjectId)}
        {field('created_at', date.long(association.createdAt))}
        {field('started_at', association.startedAt && date.long(association.startedAt))}
        {field('terminated_at', association.terminatedAt && date.long(association.terminatedAt))}
        {association.failureReason && field('failure_reason', association.failureReason)}
      </SimpleGrid>
    </Card>
  );
}

/**
 * Route Jobs_Associations (jobs §2): a search bar, a sort by creation date, a page size and a table of
 * associations; the first row is selected after each load, and the selected one shows in a card.
 */
export function AssociationsPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [list, dispatch] = useListState(ASSOCIATIONS_LIST, 'jobs.associations');
  const definitions = useAvailableTokens(ASSOCIATION_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const options = useAssociationTokenOptions();
  const query = cursorListRequest(list, associationQueryParameters(filters));
  const associations = useQuery({
    ...associationsQueryOptions(query),
    enabled: limitProblem === null,
    placeholderData: keptWhileOffline,
  });
  useErrorToastOnce(associations, {
    action: 'jobs.associations',
    resetKey: JSON.stringify([filters, list.sortOrder]),
  });
  const listKey = cursorListRequest({ ...list, cursor: null }, filters).toString();
  const { follow } = useCursorPosition(listKey, list.cursor, dispatch);
  const rows = associations.data?.associations ?? null;
  // The first row is selected after each load (spec §2): a pick holds until the next answer.
  const loadedAt = associations.dataUpdatedAt;
  const [picked, setPicked] = useState<{ id: number; loadedAt: number } | null>(null);
  const selectedId = picked?.loadedAt === loadedAt ? picked.id : (rows?.[0]?.id ?? null);
  const setSelectedId = (id: number) => setPicked({ id, loadedAt });
  const selected = rows?.find((row) => row.id === selectedId) ?? null;
  const failed = associations.isError && !associations.data;
  const name = useListLabel();
  const columns = useMemo<DataColumn<JobAssociation>[]>(
    () => [
      {
        prop: 'createdAt',
        labelLang: 'jobs.associations.fields.created_at',
        sortable: true,
        sortBy: 'CreatedAt',
        type: 'date',
        cell: (row) => date.long(row.createdAt),
      },
      {
        prop: 'status',
        labelLang: 'jobs.associations.fields.status',
        cell: (row) => name('associationStatus', row.status),
      },
      {
        prop: 'associationMode',
        labelLang: 'jobs.associations.fields.mode',
        cell: (row) => name('associationMode', row.associationMode),
      },
      {
        prop: 'associationSubject',
        labelLang: 'jobs.associations.fields.subject',
        cell: (row) => name('associationSubject', row.associationSubject),
      },
    ],
    [date, name],
  );

  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <Group justify="flex-end">
        <ListControls list={list} dispatch={dispatch} />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ListContent
            items={rows}
            failed={failed}
            call={associations}
            empty={{ title: t('jobs.associations.empty_title'), text: t('jobs.associations.empty_text') }}
            filters={{
              active: tokens.length > 0,
              onClear: () => dispatch({ type: 'filters', filters: {} }),
            }}
            skeleton={{ kind: 'rows', count: Math.min(list.pageSize, 20) }}
            blocked={blocked}
          >
            {(shown) => (
              <DataTable
                label={t('jobs.associations.table')}
                columns={columns}
                items={shown}
                rowKey={(row) => String(row.id)}
                minWidth={560}
                sort={{
                  state: { column: list.sortColumnName, order: list.sortOrder },
                  onSort: ({ column, order }) =>
                    dispatch({ type: 'sort', sortColumnName: column, sortOrder: order }),
                }}
                rowClick={{
                  mode: 'select',
                  selected: selectedId === null ? null : String(selectedId),
                  onSelect: (key) => key !== null && setSelectedId(Number(key)),
                }}
              />
            )}
          </ListContent>
        </Grid.Col>
        {/* Beside the table on wide screens, so the selected row's card shows without scrolling. */}
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div className={classes.card}>{selected && <AssociationCard association={selected} />}</div>
        </Grid.Col>
      </Grid>
      {!limitProblem && (
        <CursorPager paging={associations.data?.paging ?? null} onCursor={follow} failed={failed} />
      )}
    </Stack>
  );
}
