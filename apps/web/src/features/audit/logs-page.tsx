import { AUDIT_LIST, AUDIT_TOKENS, type AuditEntry } from '@fleet/contract';
import { Anchor, Button, Group, Spoiler, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openListExport } from '../../components/list-export-panel';
import { CursorPager } from '../../components/list/cursor-pager';
import { ListContent } from '../../components/list/list-content';
import { ListControls } from '../../components/list/list-controls';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { SerialNumberLink } from '../../components/serial-number-link';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { jobPath, paths, rolloutPath } from '../../config/paths';
import { useCursorPosition } from '../../hooks/use-cursor-position';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { usePeriodFilters } from '../../hooks/use-period-filters';
import { cursorListRequest, exportFilters } from '../../lib/list-request';
import { useMayStartTask } from '../../hooks/use-can-use';
import { auditQueryOptions, requestAuditExport } from './api';
import { AuditDetails } from './audit-details';
import { useAuditLabels } from './audit-labels';
import { PageFrame } from '../../components/page-frame';
import { keptWhileOffline } from '../../components/list/kept-while-offline';

function useAuditTokenOptions(): TokenOptions {
  const labels = useAuditLabels();
  return useCallback<TokenOptions>(
    (definition) => {
      const label =
        definition.type === 'Action'
          ? labels.action
          : definition.type === 'SubjectType'
            ? labels.subject
            : null;
      return label && definition.choices?.map((value) => ({ value, label: label(value) }));
    },
    [labels],
  );
}

/** The record an entry is about: a link to it where the console has a page for it. */
function AuditRecord({ entry }: { entry: AuditEntry }) {
  const { subject } = useAuditLabels();
  const serialNumber = entry.details.serialNumber;
  if (
    (entry.subjectType === 'series' || entry.subjectType === 'accessory') &&
    typeof serialNumber === 'string'
  )
    return <SerialNumberLink serialNumber={serialNumber} />;
  const to =
    entry.subjectType === 'job'
      ? jobPath(paths.jobDetails, entry.subjectId)
      : entry.subjectType === 'rollout'
        ? rolloutPath(Number(entry.subjectId))
        : null;
  const text = `${subject(entry.subjectType)} ${entry.subjectId}`;
  return to ? (
    <Anchor component={Link} to={to}>
      {text}
    </Anchor>
  ) : (
    <Text span>{text}</Text>
  );
}

function useAuditColumns(): DataColumn<AuditEntry>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const labels = useAuditLabels();
  return [
    {
      prop: 'at',
      labelLang: 'audit.columns.at',
      sortable: true,
      sortBy: 'At',
      type: 'date',
      cell: (entry) => date.long(entry.at),
    },
    {
      prop: 'user',
      labelLang: 'audit.columns.user',
      forceNormalWordBreak: true,
      cell: (entry) => entry.actorName,
    },
    { prop: 'action', labelLang: 'audit.columns.action', cell: (entry) => labels.action(entry.action) },
    { prop: 'record', labelLang: 'audit.columns.record', cell: (entry) => <AuditRecord entry={entry} /> },
    {
      prop: 'details',
      labelLang: 'audit.columns.details',
      cell: (entry) => (
        <Spoiler maxHeight={72} showLabel={t('audit.details.more')} hideLabel={t('audit.details.less')}>
          <AuditDetails details={entry.details} omit={['serialNumber']} />
        </Spoiler>
      ),
    },
  ];
}

/**
 * The logs screen (LOGS, docs/company-tools.md): who changed what and when, newest first, filtered by
 * user, action, record and date, cursor-paged.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const columns = useAuditColumns();
  const [list, dispatch] = useListState(AUDIT_LIST, 'audit');
  const definitions = useAvailableTokens(AUDIT_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const options = useAuditTokenOptions();
  const periodFilters = usePeriodFilters();
  const query = cursorListRequest(list, periodFilters(filters));
  const log = useQuery({
    ...auditQueryOptions(query),
    enabled: limitProblem === null,
    placeholderData: keptWhileOffline,
  });
  useErrorToastOnce(log, { action: 'audit.list', resetKey: JSON.stringify([filters, list.sortOrder]) });
  const listKey = cursorListRequest({ ...list, cursor: null }, filters).toString();
  const { follow } = useCursorPosition(listKey, list.cursor, dispatch);
  const failed = log.isError && !log.data;
  const canExport = useMayStartTask('audit-export');
  const exportLog = () => {
    const parameters = periodFilters(filters);
    void openListExport(t('audit.export.title'), {
      task: 'audit-export',
      defaultDescription: t('audit.export.default_description', {
        date: new Date().toISOString().slice(0, 10),
      }),
      filters: exportFilters(parameters),
      request: requestAuditExport,
      blocked: log.data?.entries.length === 0 ? t('audit.export.nothing') : null,
    });
  };

  return (
    <PageFrame title={t('audit.page.title')} intro={t('audit.page.intro')}>
      <Stack gap="md">
        <SearchTokenBar
          definitions={definitions}
          tokens={tokens}
          onChange={setTokens}
          options={options}
          freeTextType="User"
        />
        <Group justify={canExport ? 'space-between' : 'flex-end'} align="flex-end">
          {canExport && (
            <Button variant="light" onClick={exportLog} disabled={limitProblem !== null}>
              {t('audit.export.button')}
            </Button>
          )}
          <ListControls list={list} dispatch={dispatch} />
        </Group>
        <ListContent
          items={log.data?.entries ?? null}
          failed={failed}
          call={log}
          empty={{ title: t('audit.page.empty_title'), text: t('audit.page.empty_text') }}
          filters={{ active: tokens.length > 0, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
          skeleton={{ kind: 'rows', count: Math.min(list.pageSize, 20) }}
          blocked={blocked}
        >
          {(entries) => (
            <DataTable
              label={t('audit.page.table')}
              columns={columns}
              items={entries}
              rowKey={(entry) => String(entry.id)}
              minWidth={760}
              sort={{
                state: { column: list.sortColumnName, order: list.sortOrder },
                onSort: ({ column, order }) =>
                  dispatch({ type: 'sort', sortColumnName: column, sortOrder: order }),
              }}
            />
          )}
        </ListContent>
        {!limitProblem && <CursorPager paging={log.data?.paging ?? null} onCursor={follow} failed={failed} />}
      </Stack>
    </PageFrame>
  );
}
