import { ESAT_ANSWER_LIST, ESAT_ANSWER_TOKENS, type EsatAnswerRow } from '@fleet/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openListExport } from '../../components/list-export-panel';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { DataColumn } from '../../components/table/data-table';
import { useMayStartTask } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { usePeriodFilters } from '../../hooks/use-period-filters';
import { exportFilters } from '../../lib/list-request';
import { esatAnswersQuery, requestEsatAnswersExport } from './api';
import { useEntersSurveys } from './rights';
import { ScoreBadge } from './score-badge';
import { useQuestionLabel } from './labels';
import { SurveyDrawer } from './survey-drawer';
import { useEsatTokenOptions } from './token-options';

const SURVEY_ID = 'surveyId';
/** The list's rows to CSV or XLSX through a task, for users with a task list to collect the file from. */
function ExportButton({ filters, empty }: { filters: Record<string, readonly string[]>; empty: boolean }) {
  const { t } = useTranslation();
  if (!useMayStartTask('esat-answers-export')) return null;
  const open = () =>
    openListExport(t('statistics.export.title'), {
      task: 'esat-answers-export',
      defaultDescription: t('statistics.export.default_description', {
        date: new Date().toISOString().slice(0, 10),
      }),
      filters: exportFilters(filters),
      request: requestEsatAnswersExport,
      blocked: empty ? t('statistics.export.nothing') : null,
    });
  return (
    <Button size="compact-sm" variant="light" onClick={() => void open()}>
      {t('statistics.export.button')}
    </Button>
  );
}

/** The answers' columns; the order number opens the survey. */
function useAnswerColumns(open: (surveyId: number) => void): DataColumn<EsatAnswerRow>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const label = useQuestionLabel();
  return [
    {
      prop: 'order',
      labelLang: 'statistics.columns.order',
      cell: (answer) => (
        <Button
          variant="subtle"
          size="compact-sm"
          px={4}
          onClick={() => open(answer.surveyId)}
          aria-label={t('statistics.answers.open', { number: answer.orderNumber })}
        >
          {answer.orderNumber}
        </Button>
      ),
    },
    {
      prop: 'company',
      labelLang: 'statistics.columns.company',
      forceNormalWordBreak: true,
      cell: (answer) => answer.company.name,
    },
    {
      prop: 'center',
      labelLang: 'statistics.columns.center',
      forceNormalWordBreak: true,
      cell: (answer) => answer.serviceCenter.name,
    },
    {
      prop: 'delivered',
      labelLang: 'statistics.columns.delivered',
      sortable: true,
      sortBy: 'DeliveredAt',
      type: 'date',
      cell: (answer) => date.short(answer.deliveredAt),
    },
    { prop: 'question', labelLang: 'statistics.columns.question', cell: (answer) => label(answer.question) },
    {
      prop: 'score',
      labelLang: 'statistics.columns.score',
      sortable: true,
      sortBy: 'Score',
      type: 'status',
      cell: (answer) => <ScoreBadge score={answer.score} />,
    },
    {
      prop: 'comment',
      labelLang: 'statistics.columns.comment',
      forceNormalWordBreak: true,
      cell: (answer) => (
        <Text size="sm" lineClamp={2} maw={280}>
          {answer.comment}
        </Text>
      ),
    },
  ];
}

/**
 * The answers (docs/insights.md "Statistics"): each score given, filtered by the period of delivery, the
 * center, the question and the score (where a chart's bar leads), a survey opened in a drawer; readers see
 * every one, external ESAT users those they entered.
 */
export function EsatAnswersPage() {
  const { t } = useTranslation();
  const enters = useEntersSurveys();
  const periodFilters = usePeriodFilters();
  const options = useEsatTokenOptions();
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useTokenList({
    definition: ESAT_ANSWER_LIST,
    rememberAs: 'esat-answers',
    keep: [SURVEY_ID],
    tokens: ESAT_ANSWER_TOKENS,
    query: esatAnswersQuery,
    queryFilters: periodFilters,
    errorAction: 'statistics.answers',
  });
  const surveyId = Number(searchParams.get(SURVEY_ID)) || null;
  const open = (id: number | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(SURVEY_ID);
      else next.set(SURVEY_ID, String(id));
      return next;
    });
  const columns = useAnswerColumns(open);
  return (
    <Stack gap="md">
      <TokenListFrame
        state={list}
        items={(data) => data.answers}
        summary={(count) => t('statistics.answers.total', { count })}
        empty={{
          title: t('statistics.answers.empty_title'),
          text: t(enters ? 'statistics.answers.empty_enterer' : 'statistics.answers.empty_text'),
        }}
        freeTextType="Search"
        options={options}
        actions={<ExportButton filters={list.queryFilters} empty={list.call.data?.totalCount === 0} />}
        table={{
          label: t('statistics.answers.table'),
          columns,
          rowKey: (answer) => `${answer.surveyId}-${answer.question}`,
          minWidth: 900,
          rowClick: { mode: 'callback', onClick: (answer) => open(answer.surveyId), focusable: false },
        }}
      />
      <SurveyDrawer surveyId={surveyId} onClose={() => open(null)} />
    </Stack>
  );
}
