import {
  ESAT_COMMENT_MAX_LENGTH,
  ESAT_SCORES,
  esatEntryBodySchema,
  type EsatQuestion,
  type Survey,
} from '@fleet/contract';
import { Group, Radio, Select, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { ContractFormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';
import { useDateFormat } from '../../hooks/use-date-format';
import { i18n } from '../../lib/i18n';
import { answerSurveyMutation, esatOptionsQuery, surveysQuery } from './api';
import { useQuestionLabel } from './labels';

/** Today in the user's own calendar, as yyyy-MM-dd. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The delivered orders whose survey is left to answer, found by number or company as the user types. */
function OrderField(props: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = new URLSearchParams({ Status: 'unanswered', PageSize: '20' });
  if (debounced.trim() && debounced !== props.value) query.set('Search', debounced.trim());
  const open = useQuery(surveysQuery(query));
  const data = (open.data?.surveys ?? []).map((survey) => ({
    value: survey.orderNumber,
    label: t('statistics.entry.order_option', {
      number: survey.orderNumber,
      company: survey.company.name,
      center: survey.serviceCenter.name,
      date: date.short(survey.deliveredAt),
    }),
  }));
  if (props.value && !data.some((option) => option.value === props.value))
    data.unshift({ value: props.value, label: props.value });
  return (
    <Select
      label={t('statistics.entry.order')}
      description={t('statistics.entry.order_hint')}
      placeholder={t('statistics.entry.order_placeholder')}
      required
      searchable
      data={data}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={open.isFetching ? t('list.states.loading') : t('statistics.entry.no_order')}
      filter={({ options }) => options}
      error={props.error}
      data-autofocus
    />
  );
}

function ScoreField(props: {
  question: EsatQuestion;
  value: number | undefined;
  onChange: (score: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const label = useQuestionLabel();
  return (
    <Radio.Group
      label={label(props.question.code)}
      value={props.value === undefined ? 'none' : String(props.value)}
      onChange={(value) => props.onChange(value === 'none' ? undefined : Number(value))}
    >
      <Group gap="md" mt={4}>
        {ESAT_SCORES.map((score) => (
          <Radio key={score} value={String(score)} label={String(score)} />
        ))}
        <Radio value="none" label={t('statistics.entry.no_answer')} />
      </Group>
    </Radio.Group>
  );
}

function EntryForm({ finish }: { finish: (survey: Survey | null) => void }) {
  const { t } = useTranslation();
  const options = useQuery(esatOptionsQuery);
  const questions = (options.data?.questions ?? []).filter((question) => question.active);
  const [scores, setScores] = useState<Record<string, number>>({});
  const form = useContractForm(esatEntryBodySchema, {
    orderNumber: '',
    answeredOn: today(),
    answers: [],
    comment: '',
  });
  const score = (code: string, value: number | undefined) => {
    const next = { ...scores };
    if (value === undefined) delete next[code];
    else next[code] = value;
    setScores(next);
    form.set(
      'answers',
      questions
        .filter((question) => next[question.code])
        .map((q) => ({ question: q.code, score: next[q.code]! })),
    );
  };
  const answer = useMutation(answerSurveyMutation);
  return (
    <ContractFormFrame
      form={form}
      save={(body) => answer.mutateAsync(body)}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('statistics.entry.save')}
    >
      <OrderField
        value={form.values.orderNumber}
        onChange={(value) => form.set('orderNumber', value)}
        error={form.error('orderNumber')}
      />
      <TextInput
        type="date"
        label={t('statistics.entry.answered_on')}
        value={form.values.answeredOn ?? ''}
        onChange={(event) => form.set('answeredOn', event.currentTarget.value || undefined)}
        error={form.error('answeredOn')}
        max={today()}
      />
      {questions.map((question) => (
        <ScoreField
          key={question.code}
          question={question}
          value={scores[question.code]}
          onChange={(value) => score(question.code, value)}
        />
      ))}
      {form.refused('answers') && (
        <ValidationText
          message={{
            kind: 'error',
            // No score given is said as such; a score the server refuses, by its rule.
            text:
              form.values.answers.length === 0
                ? t('statistics.entry.scores_required')
                : (form.error('answers') ?? ''),
          }}
        />
      )}
      <Textarea
        label={t('statistics.entry.comment')}
        value={form.values.comment ?? ''}
        onChange={(event) => form.set('comment', event.currentTarget.value)}
        maxLength={ESAT_COMMENT_MAX_LENGTH}
        autosize
        minRows={2}
        maxRows={6}
      />
    </ContractFormFrame>
  );
}

/** Enters a delivered order's survey answers; resolves with the answered survey, or null when dismissed. */
export function openEntryDialog(): Promise<Survey | null> {
  return openDialog<Survey | null>(
    i18n.t('statistics.entry.title'),
    (finish) => <EntryForm finish={finish} />,
    null,
    'wide',
  );
}
