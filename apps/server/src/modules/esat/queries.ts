import { and, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { ESAT_SCORES, ESAT_SURVEY_STATUSES } from '@fleet/contract';
import { companies, orders, surveyAnswers, surveys } from '../../db/schema.ts';
import type { ListQuery } from '../../lib/list-request.ts';
import { type QueryParameter } from '../../lib/list-request.ts';

/** The filters the statistics, the surveys and the answers lists share, and how each reads. */

export const PERIOD_FILTERS: readonly QueryParameter[] = [
  { name: 'From', description: 'Orders delivered at or after this instant (yyyy-MM-ddTHH:mm:ss.SSSZ).' },
  { name: 'To', description: 'Orders delivered before this instant (yyyy-MM-ddTHH:mm:ss.SSSZ).' },
];
export const CENTER_FILTER: QueryParameter = {
  name: 'ServiceCenter',
  description: 'The id of a service center that calibrated the order.',
  repeatable: true,
  integer: true,
};
export const SEARCH_FILTER: QueryParameter = {
  name: 'Search',
  description: "Text in the order's number or the company's name.",
};
export const STATUS_FILTER: QueryParameter = {
  name: 'Status',
  description: 'answered or unanswered.',
  values: ESAT_SURVEY_STATUSES,
};
export const QUESTION_FILTER: QueryParameter = {
  name: 'Question',
  description: 'The code of a question.',
  repeatable: true,
};
export const SCORE_FILTER: QueryParameter = {
  name: 'Score',
  description: 'A score from 1 to 5.',
  values: ESAT_SCORES,
  repeatable: true,
};

/** The delivery period and the centers: what every view of the surveys filters by. */
export function deliveryConditions(query: ListQuery): SQL[] {
  const from = query.instant('From');
  const to = query.instant('To');
  if (from && to && from >= to) query.problem('From', 'must be before To');
  const centers = query.ids('ServiceCenter');
  return [
    from ? gte(surveys.deliveredAt, from) : undefined,
    to ? lt(surveys.deliveredAt, to) : undefined,
    centers.length ? inArray(surveys.serviceCenterId, centers) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/** Search by order number or company (the query joins both). */
export const SURVEY_SEARCH = [orders.number, companies.name];

export function statusCondition(query: ListQuery): SQL | undefined {
  const [status] = query.choices('Status', ESAT_SURVEY_STATUSES);
  if (status === undefined) return undefined;
  return status === 'answered' ? isNotNull(surveys.answeredAt) : isNull(surveys.answeredAt);
}

/** Questions and scores of the answers list. */
export function answerConditions(query: ListQuery): SQL | undefined {
  const questions = query.all('Question');
  const scores = query
    .choices(
      'Score',
      ESAT_SCORES.map((score) => String(score)),
    )
    .map(Number);
  return and(
    questions.length ? inArray(surveyAnswers.questionCode, questions) : undefined,
    scores.length ? inArray(surveyAnswers.score, scores) : undefined,
  );
}

/** The rows of surveys with their order, company and center. */
export const surveyJoins = {
  order: eq(orders.id, surveys.orderId),
  company: eq(companies.id, surveys.companyId),
};
