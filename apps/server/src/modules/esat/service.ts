import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { EsatAnswerListAnswer, EsatOptions, Survey, SurveyListAnswer } from '@fleet/contract';
import { ESAT_ANSWER_SORT_COLUMNS, ESAT_SURVEY_LIST } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import {
  companies,
  orders,
  serviceCenters,
  surveyAnswers,
  surveyQuestions,
  surveys,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { groupedBy } from '../../lib/grouped.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
  sortOrderOf,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import {
  CENTER_FILTER,
  PERIOD_FILTERS,
  QUESTION_FILTER,
  SCORE_FILTER,
  SEARCH_FILTER,
  STATUS_FILTER,
  answerConditions,
  deliveryConditions,
  SURVEY_SEARCH,
  statusCondition,
  surveyJoins,
} from './queries.ts';
import { answeredScope, surveyScope } from './scope.ts';

/** What the screens choose from: the questions in order, every service center. */
export async function esatOptions(db: Db): Promise<EsatOptions> {
  const [questions, centers] = await Promise.all([
    db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.position), asc(surveyQuestions.code)),
    db
      .select({ id: serviceCenters.id, code: serviceCenters.code, name: serviceCenters.name })
      .from(serviceCenters)
      .orderBy(asc(serviceCenters.name)),
  ]);
  return { questions, serviceCenters: centers };
}

export const SURVEY_FILTERS: readonly QueryParameter[] = [
  SEARCH_FILTER,
  STATUS_FILTER,
  CENTER_FILTER,
  ...PERIOD_FILTERS,
];
export const SURVEY_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(ESAT_SURVEY_LIST.sortColumns),
  ...SURVEY_FILTERS,
];

const surveyColumns = {
  id: surveys.id,
  orderId: surveys.orderId,
  orderNumber: orders.number,
  companyId: companies.id,
  companyName: companies.name,
  centerId: serviceCenters.id,
  centerCode: serviceCenters.code,
  centerName: serviceCenters.name,
  deliveredAt: surveys.deliveredAt,
  answeredAt: surveys.answeredAt,
  comment: surveys.comment,
  source: surveys.source,
  enteredByName: surveys.enteredByName,
};

const surveyRows = (db: Db) =>
  db
    .select(surveyColumns)
    .from(surveys)
    .innerJoin(orders, surveyJoins.order)
    .innerJoin(companies, surveyJoins.company)
    .innerJoin(serviceCenters, eq(serviceCenters.id, surveys.serviceCenterId));

type SurveyRow = Awaited<ReturnType<ReturnType<typeof surveyRows>['execute']>>[number];

async function answersOf(db: Db, surveyIds: readonly number[]) {
  if (surveyIds.length === 0) return new Map<number, Survey['answers']>();
  const rows = await db
    .select({
      surveyId: surveyAnswers.surveyId,
      question: surveyAnswers.questionCode,
      score: surveyAnswers.score,
    })
    .from(surveyAnswers)
    .innerJoin(surveyQuestions, eq(surveyQuestions.code, surveyAnswers.questionCode))
    .where(inArray(surveyAnswers.surveyId, [...surveyIds]))
    .orderBy(asc(surveyQuestions.position));
  return groupedBy(
    rows,
    (row) => row.surveyId,
    ({ surveyId: _surveyId, ...answer }) => answer,
  );
}

function surveyOf(row: SurveyRow, answers: Survey['answers']): Survey {
  const sum = answers.reduce((total, answer) => total + answer.score, 0);
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    company: { id: row.companyId, name: row.companyName },
    serviceCenter: { id: row.centerId, code: row.centerCode, name: row.centerName },
    deliveredAt: row.deliveredAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    comment: row.comment,
    source: row.source,
    enteredByName: row.enteredByName,
    averageScore: answers.length ? Math.round((sum / answers.length) * 100) / 100 : null,
    answers,
  };
}

/** Surveys newest delivery first: readers every one, enterers theirs and those left to answer. */
export async function listSurveys(db: Db, user: SignedInUser, raw: RawQuery): Promise<SurveyListAnswer> {
  const query = new ListQuery(raw, SURVEY_QUERY);
  const paging = offsetPaging(query, ESAT_SURVEY_LIST.sortColumns);
  const where = and(
    surveyScope(user),
    searchCondition(query, SURVEY_SEARCH),
    statusCondition(query),
    ...deliveryConditions(query),
  );
  query.check();
  const direction = sortOrderOf(query, 'DESC') === 'ASC' ? asc : desc;
  const { rows, total } = await offsetPage(
    surveyRows(db).where(where).orderBy(direction(surveys.deliveredAt), direction(surveys.id)),
    db
      .select({ n: count() })
      .from(surveys)
      .innerJoin(orders, surveyJoins.order)
      .innerJoin(companies, surveyJoins.company)
      .where(where),
    paging,
  );
  const answers = await answersOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    surveys: rows.map((row) => surveyOf(row, answers.get(row.id) ?? [])),
    totalCount: total,
  };
}

/** One survey with its answers; 404 for one the user does not see. */
export async function getSurvey(db: Db, user: SignedInUser, id: number): Promise<Survey> {
  const [row] = await surveyRows(db).where(and(surveyScope(user), eq(surveys.id, id)));
  if (!row) throw notFound(`No survey ${id}`);
  return surveyOf(row, (await answersOf(db, [id])).get(id) ?? []);
}

export const ANSWER_FILTERS: readonly QueryParameter[] = [
  SEARCH_FILTER,
  CENTER_FILTER,
  QUESTION_FILTER,
  SCORE_FILTER,
  ...PERIOD_FILTERS,
];
export const ANSWER_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(ESAT_ANSWER_SORT_COLUMNS),
  ...ANSWER_FILTERS,
];

/** The conditions of the answers list's filters and scope; problems are collected in the query. */
export function answerListConditions(user: SignedInUser, query: ListQuery) {
  return and(
    answeredScope(user),
    searchCondition(query, SURVEY_SEARCH),
    answerConditions(query),
    ...deliveryConditions(query),
  );
}

const answerColumns = {
  ...surveyColumns,
  question: surveyAnswers.questionCode,
  score: surveyAnswers.score,
};

export const answerRows = (db: Db) =>
  db
    .select(answerColumns)
    .from(surveyAnswers)
    .innerJoin(surveyQuestions, eq(surveyQuestions.code, surveyAnswers.questionCode))
    .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
    .innerJoin(orders, surveyJoins.order)
    .innerJoin(companies, surveyJoins.company)
    .innerJoin(serviceCenters, eq(serviceCenters.id, surveys.serviceCenterId));

export type AnswerRow = Awaited<ReturnType<ReturnType<typeof answerRows>['execute']>>[number];

export function answerRowOf(row: AnswerRow): EsatAnswerListAnswer['answers'][number] {
  return {
    surveyId: row.id,
    orderNumber: row.orderNumber,
    company: { id: row.companyId, name: row.companyName },
    serviceCenter: { id: row.centerId, code: row.centerCode, name: row.centerName },
    deliveredAt: row.deliveredAt.toISOString(),
    // Only answered surveys have answers.
    answeredAt: (row.answeredAt ?? row.deliveredAt).toISOString(),
    question: row.question,
    score: row.score,
    comment: row.comment,
    source: row.source ?? 'entered',
  };
}

/** Each score given, newest delivery (or lowest score) first: what a chart's bar is made of. */
export async function listAnswers(db: Db, user: SignedInUser, raw: RawQuery): Promise<EsatAnswerListAnswer> {
  const query = new ListQuery(raw, ANSWER_QUERY);
  const paging = offsetPaging(query, ESAT_ANSWER_SORT_COLUMNS);
  const where = answerListConditions(user, query);
  query.check();
  const direction = sortOrderOf(query, 'DESC') === 'ASC' ? asc : desc;
  const order =
    paging.sortColumnName === 'Score'
      ? [direction(surveyAnswers.score), desc(surveys.deliveredAt)]
      : [direction(surveys.deliveredAt)];
  const { rows, total } = await offsetPage(
    answerRows(db)
      .where(where)
      .orderBy(...order, asc(surveys.id), asc(surveyQuestions.position)),
    db
      .select({ n: count() })
      .from(surveyAnswers)
      .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
      .innerJoin(orders, surveyJoins.order)
      .innerJoin(companies, surveyJoins.company)
      .where(where),
    paging,
  );
  return { answers: rows.map(answerRowOf), totalCount: total };
}
