import {
  JOB_COUNT_LIMIT,
  defaultJobTokens,
  filtersFromTokens,
  guessTimeZone,
  jobListDefinition,
  jobQueryParameters,
  jobTokens,
  zonedDayStart,
  type JobListKind,
} from '@fleet/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '../../../components/list/cursor-pager';
import { ListContent } from '../../../components/list/list-content';
import { ListControls } from '../../../components/list/list-controls';
import { SelectionBar } from '../../../components/list/selection-bar';
import { SavedFilters } from '../../../components/search-tokens/saved-filters';
import { SearchTokenBar } from '../../../components/search-tokens/search-token-bar';
import { useTokenFilters } from '../../../components/search-tokens/use-token-filters';
import { useAvailableTokens } from '../../../components/search-tokens/use-available-tokens';
import { useBulkSelection } from '../../../hooks/use-bulk-selection';
import { useMayStartTask } from '../../../hooks/use-can-use';
import { useCursorPosition } from '../../../hooks/use-cursor-position';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import { useListState } from '../../../hooks/use-list-state';
import { useUserConfiguration } from '../../../hooks/use-user-configuration';
import { cursorListRequest } from '../../../lib/list-request';
import { jobCountQueryOptions, jobsQueryOptions } from '../api/jobs';
import { ExportButton } from '../export/export-button';
import { JobsTable } from './jobs-table';
import { useJobTokenOptions } from './use-job-token-options';
import { keptWhileOffline } from '../../../components/list/kept-while-offline';

/** The info button: the total, asked for on demand (spec §2), bounded by the server. */
function JobCount({ kind, query }: { kind: JobListKind; query: URLSearchParams }) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState<string | null>(null);
  const key = query.toString();
  const count = useQuery({ ...jobCountQueryOptions(kind, query), enabled: asked === key });
  if (asked !== key)
    return (
      <Button size="compact-sm" variant="light" onClick={() => setAsked(key)}>
        {t('jobs.list.count_button')}
      </Button>
    );
  if (count.isError) return <Text c="red">{t('jobs.list.count_failed')}</Text>;
  if (!count.data) return <Text c="dimmed">{t('list.states.loading')}</Text>;
  const number = count.data.data.toLocaleString(i18n.resolvedLanguage);
  return (
    <Text fw={600} aria-live="polite">
      {count.data.exact
        ? t('jobs.list.count', { count: count.data.data, number })
        : t('jobs.list.count_more', { number: JOB_COUNT_LIMIT.toLocaleString(i18n.resolvedLanguage) })}
    </Text>
  );
}

/** The selected jobs as export filters: their ids, whatever the list shows now. */
const selectionQuery = (ids: readonly string[]) => new URLSearchParams(ids.map((id) => ['JobId', id]));

interface JobsListProps {
  kind: JobListKind;
  /** On a device page: the device's jobs only, without the serial-number token. */
  serialNumber?: string;
  /** The name the list's state is remembered under for the browser tab. */
  rememberAs: string;
  /** Query keys of the screen around the list that list changes keep (its mode). */
  keep?: readonly string[];
}

/**
 * A jobs list (jobs §2, §9): search tokens with the begin date required outside the archives, sort and
 * page size, rows with a preview to open, a selection across pages, the total on demand and cursor
 * paging, all of it in the URL.
 */
export function JobsList({ kind, serialNumber, rememberAs, keep }: JobsListProps) {
  const { t } = useTranslation();
  const onDevicePage = serialNumber !== undefined;
  const definition = useMemo(() => jobListDefinition(kind, onDevicePage), [kind, onDevicePage]);
  const [list, dispatch] = useListState(definition, rememberAs, keep);
  const allTokens = useMemo(() => jobTokens(kind, onDevicePage), [kind, onDevicePage]);
  const definitions = useAvailableTokens(allTokens);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const missingRequired = definitions.some(
    (token) => token.required && !tokens.some((present) => present.type === token.type),
  );
  // The required begin date comes back with its default whenever it is missing (a bare link, say).
  useEffect(() => {
    if (definitions.length === 0 || !missingRequired) return;
    const filled = [
      ...tokens,
      ...defaultJobTokens(kind).filter((token) => !tokens.some((t) => t.type === token.type)),
    ];
    dispatch({ type: 'filters', filters: filtersFromTokens(filled, definitions) }, { replace: true });
  }, [definitions, missingRequired, tokens, kind, dispatch]);

  const [suggestionsWanted, setSuggestionsWanted] = useState(false);
  const options = useJobTokenOptions(suggestionsWanted);
  const { data: configuration } = useUserConfiguration();
  const parameters = jobQueryParameters(filters, zonedDayStart(configuration?.timezone ?? guessTimeZone()));
  if (serialNumber) parameters.SerialNumber = [serialNumber];
  const query = cursorListRequest(list, parameters);
  const ready = !limitProblem && !missingRequired && definitions.length > 0;
  const jobs = useQuery({
    ...jobsQueryOptions(kind, query),
    enabled: ready,
    placeholderData: keptWhileOffline,
  });
  const resetKey = JSON.stringify([kind, filters, list.sortColumnName, list.sortOrder]);
  useErrorToastOnce(jobs, { action: 'jobs.list', resetKey });
  // The list without its cursor: what the position among pages and the total are about.
  const firstPage = cursorListRequest({ ...list, cursor: null }, parameters);
  const { follow } = useCursorPosition(firstPage.toString(), list.cursor, dispatch);
  const selection = useBulkSelection();
  // A selection leads to an export: without that right there is nothing to select for.
  const canExport = useMayStartTask('jobs-export');
  const paging = jobs.data?.paging ?? null;
  const failed = jobs.isError && !jobs.data;

  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        onOpen={() => setSuggestionsWanted(true)}
        freeTextType="Search"
      />
      <SavedFilters list="jobs" definitions={definitions} filters={filters} onApply={setTokens} />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <JobCount kind={kind} query={firstPage} />
          <ExportButton kind={kind} query={firstPage} filtered={Object.keys(parameters).length > 0} />
        </Group>
        <ListControls list={list} dispatch={dispatch} />
      </Group>
      {canExport && (
        <SelectionBar
          selection={selection}
          pageIds={jobs.data?.jobs.map((job) => job.id) ?? []}
          actions={
            <ExportButton
              kind={kind}
              query={selectionQuery(selection.selected)}
              filtered={selection.selected.length > 0}
              label={
                selection.selected.length === 0
                  ? t('jobs.export.selection_none')
                  : t('jobs.export.selection', { count: selection.selected.length })
              }
              disabled={selection.selected.length === 0}
            />
          }
        />
      )}
      <ListContent
        items={jobs.data?.jobs ?? null}
        failed={failed}
        call={jobs}
        empty={{ title: t('jobs.list.empty_title'), text: t('jobs.list.empty_text') }}
        filters={{
          active: tokens.some((token) => !definitions.find((d) => d.type === token.type)?.required),
          onClear: () =>
            dispatch({ type: 'filters', filters: filtersFromTokens(defaultJobTokens(kind), definitions) }),
          title: t('jobs.list.no_match'),
        }}
        skeleton={{ kind: 'rows', count: Math.min(list.pageSize, 20) }}
        blocked={blocked}
      >
        {(shown) => (
          <JobsTable
            jobs={shown}
            selection={canExport ? selection : undefined}
            sort={{
              state: { column: list.sortColumnName, order: list.sortOrder },
              onSort: ({ column, order }) =>
                dispatch({ type: 'sort', sortColumnName: column, sortOrder: order }),
            }}
            showDevice={!onDevicePage}
          />
        )}
      </ListContent>
      {!limitProblem && <CursorPager paging={paging} onCursor={follow} failed={failed} />}
    </Stack>
  );
}
